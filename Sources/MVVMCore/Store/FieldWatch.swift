/// The store's entry for one observed field of the state: its observers, behind one
/// comparison. When an update leaves the field equal, none of them is called, whatever their
/// number.
///
/// The store sees a closure, formed where the field's type is known (in the inlinable
/// `subscribe`), so that the comparison and the calls are specialized for the field's type.
@MainActor
@usableFromInline
struct FieldWatch<State> {
    /// The field, to find the watch again when another observer asks for it.
    @usableFromInline let keyPath: AnyKeyPath
    /// The field's ``FieldObservers``, to find and count them.
    @usableFromInline let storage: AnyObject
    /// Calls the field's observers (in `storage`) if the field differs between the previous
    /// state and the new one; returns whether any observer is still registered. See
    /// ``ObserverList/callObservers(with:round:joiners:)``.
    ///
    /// The states are `inout` only so that they reach the watch by reference whatever its
    /// abstraction (a `State` parameter would be copied into each specialized watch); a watch
    /// never writes them.
    @usableFromInline let check: @MainActor (_ previous: inout State, _ new: inout State, _ round: Int, _ joiners: [ObjectIdentifier: Int]?) -> Bool

    @usableFromInline
    init(
        keyPath: AnyKeyPath,
        storage: AnyObject,
        check: @escaping @MainActor (_ previous: inout State, _ new: inout State, _ round: Int, _ joiners: [ObjectIdentifier: Int]?) -> Bool
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

/// What a ``FieldWatch`` keeps for a field of type `Value`: how to read it, and its observers.
///
/// It keeps no copy of the field's last value: a delivery compares the field in the new state
/// with the field in the state delivered before it, which the store hands over. So the only
/// mutable part is the observer list, touched once per delivery that changed the field.
@MainActor
@usableFromInline
final class FieldObservers<State, Value: Equatable> {
    /// Reads the field out of a state.
    @usableFromInline let reader: FieldReader<State, Value>
    @usableFromInline var observers: ContiguousArray<Subscription<Value>> = []

    @usableFromInline
    init(reader: FieldReader<State, Value>) {
        self.reader = reader
    }

    /// Calls the observers if the field differs between `previous` and `new`; returns false
    /// when it found them all gone.
    @inlinable
    func check(_ previous: inout State, _ new: inout State, round: Int, joiners: [ObjectIdentifier: Int]?) -> Bool {
        let value = reader.read(&new)
        guard value != reader.read(&previous) else { return true }
        callObservers(with: value, round: round, joiners: joiners)
        return !observers.isEmpty
    }
}

extension FieldObservers: ObserverList {}
