/// What a child ViewModel tells the one that made it: "a row was opened", "a city was chosen".
/// The child sends; its parent, which connected when it made the child, receives at once, on the
/// main actor. A child never holds its parent or the app: the connection is a closure the parent
/// gives (capturing itself weakly), and the child names what happened, not what to do about it.
///
/// ```swift
/// // The child:
/// public enum Delegate: Equatable, Sendable { case userOpened(id: Int) }
/// public let delegate = DelegateOutput<Delegate>()
/// case .rowOpened(let id): delegate.send(.userOpened(id: id))
///
/// // The parent, making it:
/// let list = UserListViewModel(…)
/// list.delegate.connect { [weak self] output in
///     switch output { case .userOpened(let id): self?.navigate { $0.push(.user(id: id)) } }
/// }
/// ```
///
/// One receiver at a time: ``connect(_:)`` replaces the last. An output sent while nothing is
/// connected is kept, in order, and handed to the next receiver when it connects, so a child
/// sending before its parent connected loses nothing.
@MainActor
public final class DelegateOutput<Output: Sendable> {
    private var receive: (@MainActor (Output) -> Void)?
    private var waiting: [Output] = []

    /// An output with nothing connected yet.
    public init() {}

    /// Tells the parent `output`: at once if it is connected, else when it connects.
    public func send(_ output: Output) {
        guard let receive else { return waiting.append(output) }
        receive(output)
    }

    /// Makes `receive` the receiver of every output from now on, after the outputs that waited
    /// for one.
    public func connect(_ receive: @escaping @MainActor (Output) -> Void) {
        self.receive = receive
        let waited = waiting
        waiting = []
        for output in waited { receive(output) }
    }
}
