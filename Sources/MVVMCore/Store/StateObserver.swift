/// A closure observer registered with a ``StateStore``; alive while its token is.
///
/// The observer holds its token strongly and tells that the token was released from the token's
/// reference count: when the observer holds the only reference, nobody else does. That costs a
/// load per call, where a weak reference costs a side-table round trip and slows every retain
/// and release of the token.
@MainActor
@usableFromInline
struct StateObserver<Value> {
    /// The store's delivery in progress (or last) when the observer was added: it is called from
    /// the next delivery on, having received the current value when it subscribed.
    @usableFromInline let since: UInt64
    @usableFromInline var token: ObservationToken
    @usableFromInline let handler: @MainActor (Value) -> Void

    @usableFromInline
    init(since: UInt64, token: ObservationToken, handler: @escaping @MainActor (Value) -> Void) {
        self.since = since
        self.token = token
        self.handler = handler
    }

    /// Whether the token is still held elsewhere and not cancelled. Must be called on the
    /// stored observer (not a copy, which would hold a second reference).
    @inlinable
    mutating func isLive() -> Bool {
        !isKnownUniquelyReferenced(&token) && !token.isCancelled
    }
}

/// An owner of closure observers: the store (whole-state observers) and each field's
/// ``FieldObservers``. One implementation of calling, adding and pruning serves both.
@MainActor
@usableFromInline
protocol ObserverList: AnyObject {
    associatedtype Value
    /// The observers, in registration order. Touched only in short accesses, never across a
    /// call to a handler: a handler may subscribe, cancel or update meanwhile.
    var observers: ContiguousArray<StateObserver<Value>> { get set }
}

extension ObserverList {
    /// Calls every live observer added before `delivery` with `value`, in order, then prunes the
    /// dead ones it met.
    @inlinable
    func callObservers(with value: Value, delivery: UInt64) {
        let count = observers.count
        var hasDead = false
        for index in 0..<count where observers[index].since < delivery {
            guard observers[index].isLive() else {
                hasDead = true
                continue
            }
            let handler = observers[index].handler
            handler(value)
        }
        if hasDead { removeDeadObservers() }
    }

    /// Adds an observer, first pruning dead ones if the list would otherwise grow.
    func addObserver(_ observer: StateObserver<Value>) {
        if observers.count == observers.capacity { removeDeadObservers() }
        observers.append(observer)
    }

    /// Removes the observers whose tokens are released or cancelled.
    @inlinable
    func removeDeadObservers() {
        var isLive: [Bool] = []
        isLive.reserveCapacity(observers.count)
        for index in observers.indices { isLive.append(observers[index].isLive()) }
        var kept = ContiguousArray<StateObserver<Value>>()
        kept.reserveCapacity(observers.count)
        for index in observers.indices where isLive[index] { kept.append(observers[index]) }
        observers = kept
    }

    /// The number of observers whose tokens are held and not cancelled.
    var liveObserverCount: Int {
        var live = 0
        for index in observers.indices where observers[index].isLive() { live += 1 }
        return live
    }
}
