/// A closure observer registered with a ``StateStore``; alive while its token is.
@MainActor
@usableFromInline
struct StateObserver<Value> {
    let id: UInt64
    weak var token: ObservationToken?
    let handler: @MainActor (Value) -> Void

    var isLive: Bool {
        guard let token else { return false }
        return !token.isCancelled
    }
}

/// The observers of one field of the state, behind one comparison: when an update leaves the
/// field equal, none of them is called, whatever their number.
@MainActor
@usableFromInline
class FieldWatch<State> {
    /// The field, to find the watch again when another observer asks for it.
    let keyPath: AnyKeyPath

    init(keyPath: AnyKeyPath) {
        self.keyPath = keyPath
    }

    /// Calls the field's observers if `state` changed the field; returns whether any
    /// observer is still live.
    func check(_ state: State) -> Bool { false }

    /// Removes the observer `id`, unless notifications are being delivered (it is then
    /// skipped, and pruned on the next check).
    func remove(id: UInt64) {}

    /// The observers whose tokens are alive and not cancelled.
    var liveCount: Int { 0 }
}

/// ``FieldWatch`` for a field of type `Value`.
@MainActor
final class TypedFieldWatch<State, Value: Equatable>: FieldWatch<State> {
    private let typedKeyPath: KeyPath<State, Value>
    /// Where the field lives inside `State`, for a stored property of a struct: reading it there
    /// costs a load instead of a key path projection.
    private let offset: Int?
    private(set) var last: Value
    private var observers: ContiguousArray<StateObserver<Value>> = []
    private var isNotifying = false

    init(keyPath: KeyPath<State, Value>, current: Value) {
        self.typedKeyPath = keyPath
        self.offset = MemoryLayout<State>.offset(of: keyPath)
        self.last = current
        super.init(keyPath: keyPath)
    }

    private func read(_ state: State) -> Value {
        guard let offset else { return state[keyPath: typedKeyPath] }
        return withUnsafePointer(to: state) { pointer in
            UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: Value.self)
        }
    }

    func add(_ observer: StateObserver<Value>) {
        observers.append(observer)
    }

    override func check(_ state: State) -> Bool {
        let value = read(state)
        guard value != last else { return !observers.isEmpty }
        last = value
        isNotifying = true
        defer { isNotifying = false }
        var hasDead = false
        for index in observers.indices {
            guard observers[index].isLive else {
                hasDead = true
                continue
            }
            observers[index].handler(value)
        }
        if hasDead { observers.removeAll { !$0.isLive } }
        return !observers.isEmpty
    }

    override var liveCount: Int { observers.filter(\.isLive).count }

    override func remove(id: UInt64) {
        guard !isNotifying else { return }
        observers.removeAll { $0.id == id }
    }
}
