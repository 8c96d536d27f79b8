/// An owner of closure observers: the store (whole-state observers) and each field's
/// ``FieldObservers``. One implementation of calling, adding and pruning serves both.
///
/// **The one place that reads a reference count.** A released token must stop its observer, and
/// the list tells it from `isKnownUniquelyReferenced` (a safe standard-library call): when the
/// list holds the only reference to a subscription, its caller let go of it. Why not a safe
/// alternative: a weak reference per subscription costs its side table, and a separate token
/// object whose `deinit` cancels costs a second allocation. Measured per subscription
/// (`Benchmarks/Experiments/SubscriptionLiveness.swift`): one object 48 B, a separate token
/// 79 B, a weak reference 95 B, against the goal of at most 64 B. Why it is correct: the list
/// reads the count in place (a copy would be a second reference), on the main actor, where every
/// subscription is made, delivered to and cancelled; a token released on another thread is seen
/// as released from the next delivery on, as a cancelled one is.
@MainActor
@usableFromInline
protocol ObserverList: AnyObject {
    associatedtype Value
    /// The observers, in registration order. Touched only in short accesses, never across a
    /// call to a handler: a handler may subscribe, cancel or update meanwhile.
    var observers: ContiguousArray<Subscription<Value>> { get set }
}

extension ObserverList {
    /// Calls every live observer with `value`, in order, then prunes the dead ones it met.
    ///
    /// Observers added during this call are not called (they were given the current value when
    /// they subscribed). `joiners` holds the observers added during the store's current round
    /// of deliveries, each with the last delivery of the round it has already seen: such an
    /// observer is called only for later deliveries (`round` counts them from 0).
    @inlinable
    func callObservers(with value: Value, round: Int, joiners: [ObjectIdentifier: Int]?) {
        let count = observers.count
        var hasDead = false
        for index in 0..<count {
            // A cancelled subscription has no handler.
            guard !isKnownUniquelyReferenced(&observers[index]), let handler = observers[index].handler else {
                hasDead = true
                continue
            }
            if let joiners, let seen = joiners[ObjectIdentifier(observers[index])], round <= seen { continue }
            handler(value)
        }
        if hasDead { removeDeadObservers() }
    }

    /// Whether the observer at `index` is still held elsewhere and not cancelled. Reads it in
    /// place: a copy would be a second reference.
    @inlinable
    func isLive(at index: Int) -> Bool {
        !isKnownUniquelyReferenced(&observers[index]) && !observers[index].isCancelled
    }

    /// Adds an observer, first pruning dead ones if the list would otherwise grow and
    /// `mayPrune`. During a round of deliveries it must not: the list may be being walked, and
    /// compacting it would skip an observer and repeat another.
    func addObserver(_ observer: Subscription<Value>, mayPrune: Bool) {
        if mayPrune, observers.count == observers.capacity { removeDeadObservers() }
        observers.append(observer)
    }

    /// Removes the observers whose tokens are released or cancelled.
    ///
    /// The removed ones are released after the list is written, not during the write: releasing
    /// a handler may run a `deinit` that subscribes to this list.
    @inlinable
    func removeDeadObservers() {
        var kept = ContiguousArray<Subscription<Value>>()
        kept.reserveCapacity(observers.count)
        for index in observers.indices where isLive(at: index) { kept.append(observers[index]) }
        swap(&observers, &kept)
    }

    /// The number of observers whose tokens are held and not cancelled.
    var liveObserverCount: Int {
        var live = 0
        for index in observers.indices where isLive(at: index) { live += 1 }
        return live
    }
}
