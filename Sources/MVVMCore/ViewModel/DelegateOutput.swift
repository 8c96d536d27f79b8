/// What a child ViewModel tells the one that made it: "a row was opened", "a city was chosen".
/// The child sends; its parent, which connected when it made the child, receives at once, on the
/// main actor. A child never holds its parent or the app: the parent connects itself (held
/// weakly), and the child names what happened, not what to do about it.
///
/// ```swift
/// // The child:
/// public enum Delegate: Equatable, Sendable { case userOpened(id: Int) }
/// public let delegate = DelegateOutput<Delegate>()
/// case .rowOpened(let id): delegate.send(.userOpened(id: id))
///
/// // The parent, making it: each output becomes one of its own events.
/// let list = UserListViewModel(…)
/// list.delegate.connect(to: self) { output in
///     switch output { case .userOpened(let id): .opened(.user(id: id)) }
/// }
/// ```
///
/// A parent's change made while it handles such an event is received in a test by naming the
/// event (`ViewModelTester.receive(_:_:fileID:filePath:line:column:)` with an event).
///
/// One receiver at a time: a new connection replaces the last. An output sent while nothing is
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

    /// Makes `parent` the receiver of every output from now on, after the outputs that waited
    /// for one: each reaches `parent.onEvent` as the event `event` maps it to (none for `nil`).
    /// `parent` is held weakly: once it is gone, outputs are dropped.
    public func connect<Parent: ViewModel>(to parent: Parent, _ event: @escaping @MainActor (Output) -> Parent.Event?) {
        connect { [weak parent] output in
            guard let parent, let event = event(output) else { return }
            EventDelivery.deliver(event, to: parent)
        }
    }

    /// Makes `receive` the receiver of every output from now on, after the outputs that waited
    /// for one: for a receiver that is not a ViewModel (a coordinator, a test); a ViewModel
    /// connects with ``connect(to:_:)``.
    public func connect(_ receive: @escaping @MainActor (Output) -> Void) {
        self.receive = receive
        let waited = waiting
        waiting = []
        for output in waited { receive(output) }
    }
}
