/// The store's entry for one observed field of the state: its observers, behind one
/// comparison. When an update leaves the field equal, none of them is called, whatever their
/// number.
///
/// The store sees a closure, formed where the field's type is known (in the inlinable
/// `subscribe`), so that the comparison and the calls are specialized. The closure captures
/// nothing (it is handed the storage), so a specialized watch allocates no context.
@MainActor
@usableFromInline
struct FieldWatch<State> {
    /// The field, to find the watch again when another observer asks for it.
    @usableFromInline let keyPath: AnyKeyPath
    /// The field's ``FieldObservers``.
    @usableFromInline let storage: AnyObject
    /// Calls the field's observers (in `storage`) if the state changed the field; returns
    /// whether any observer is still registered. See ``ObserverList/callObservers(with:round:joiners:)``.
    @usableFromInline let check: @MainActor (_ storage: AnyObject, UnsafePointer<State>, _ round: Int, _ joiners: [ObjectIdentifier: Int]?) -> Bool

    @usableFromInline
    init(
        keyPath: AnyKeyPath,
        storage: AnyObject,
        check: @escaping @MainActor (_ storage: AnyObject, UnsafePointer<State>, _ round: Int, _ joiners: [ObjectIdentifier: Int]?) -> Bool
    ) {
        self.keyPath = keyPath
        self.storage = storage
        self.check = check
    }

    /// Whether the watch's observers are all gone.
    var isEmpty: Bool {
        liveObserverCount == 0
    }

    /// The field's live observers.
    var liveObserverCount: Int {
        (storage as? any ObserverList)?.liveObserverCount ?? 0
    }
}

/// What a ``FieldWatch`` keeps for a field of type `Value`.
@MainActor
@usableFromInline
final class FieldObservers<State, Value: Equatable> {
    @usableFromInline let keyPath: KeyPath<State, Value>
    /// Where the field lives inside `State`, for a stored property of a struct: reading it there
    /// costs a load instead of a key path projection.
    @usableFromInline let offset: Int?
    // Unchecked exclusivity, as for the store's notification path: main actor only, short
    // accesses that never span a call out.
    @exclusivity(unchecked) @usableFromInline var last: Value
    @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<Subscription<Value>> = []

    @usableFromInline
    init(keyPath: KeyPath<State, Value>, current: Value) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<State>.offset(of: keyPath)
        self.last = current
    }

    @inlinable
    func read(_ state: UnsafePointer<State>) -> Value {
        guard let offset else { return state.pointee[keyPath: keyPath] }
        return UnsafeRawPointer(state).load(fromByteOffset: offset, as: Value.self)
    }

    /// Calls the observers if the field changed; returns false when it found them all gone.
    /// Takes the state by pointer: the store makes one copy per delivery, not one per field.
    @inlinable
    func check(_ state: UnsafePointer<State>, round: Int, joiners: [ObjectIdentifier: Int]?) -> Bool {
        let value = read(state)
        guard value != last else { return true }
        last = value
        callObservers(with: value, round: round, joiners: joiners)
        return !observers.isEmpty
    }
}

extension FieldObservers: ObserverList {}
