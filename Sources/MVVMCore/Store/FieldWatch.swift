/// The store's entry for one observed field of the state: its observers, behind one
/// comparison. When an update leaves the field equal, none of them is called, whatever their
/// number.
///
/// The store sees a closure, formed where the field's type is known (in the inlinable
/// `subscribe`), so that the comparison and the calls are specialized for it.
@MainActor
@usableFromInline
struct FieldWatch<State> {
    /// The field, to find the watch again when another observer asks for it.
    @usableFromInline let keyPath: AnyKeyPath
    /// The field's ``FieldObservers``.
    @usableFromInline let storage: AnyObject
    /// Calls the field's observers if the state changed the field; returns whether any observer
    /// is still registered. See ``ObserverList/callObservers(with:round:joiners:)``.
    @usableFromInline let check: @MainActor (_ state: State, _ round: Int, _ joiners: [ObjectIdentifier: Int]?) -> Bool

    @usableFromInline
    init(
        keyPath: AnyKeyPath,
        storage: AnyObject,
        check: @escaping @MainActor (_ state: State, _ round: Int, _ joiners: [ObjectIdentifier: Int]?) -> Bool
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
    /// The value the observers were last given.
    @usableFromInline var last: Value
    @usableFromInline var observers: ContiguousArray<Subscription<Value>> = []

    @usableFromInline
    init(keyPath: KeyPath<State, Value>, current: Value) {
        self.keyPath = keyPath
        self.last = current
    }

    /// Calls the observers if the field changed; returns false when it found them all gone.
    @inlinable
    func check(_ state: State, round: Int, joiners: [ObjectIdentifier: Int]?) -> Bool {
        let value = state[keyPath: keyPath]
        guard value != last else { return true }
        last = value
        callObservers(with: value, round: round, joiners: joiners)
        return !observers.isEmpty
    }
}

extension FieldObservers: ObserverList {}
