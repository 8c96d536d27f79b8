/// The observers of one field of the state, behind one comparison: when an update leaves the
/// field equal, none of them is called, whatever their number.
///
/// The store sees closures, formed where the field's type is known (in the inlinable
/// `subscribe`), so that the comparison and the calls are specialized.
@MainActor
@usableFromInline
final class FieldWatch<State> {
    /// The field, to find the watch again when another observer asks for it.
    @usableFromInline let keyPath: AnyKeyPath
    /// Calls the field's observers if the state changed the field; returns whether any
    /// observer is still live.
    @usableFromInline let check: @MainActor (UnsafePointer<State>, _ delivery: UInt64) -> Bool
    /// The typed storage behind the closures.
    @usableFromInline let storage: AnyObject

    @usableFromInline
    init(keyPath: AnyKeyPath, storage: AnyObject, check: @escaping @MainActor (UnsafePointer<State>, _ delivery: UInt64) -> Bool) {
        self.keyPath = keyPath
        self.storage = storage
        self.check = check
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
    @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<StateObserver<Value>> = []

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
    func check(_ state: UnsafePointer<State>, delivery: UInt64) -> Bool {
        let value = read(state)
        guard value != last else { return true }
        last = value
        callObservers(with: value, delivery: delivery)
        return !observers.isEmpty
    }

}

extension FieldObservers: ObserverList {}
