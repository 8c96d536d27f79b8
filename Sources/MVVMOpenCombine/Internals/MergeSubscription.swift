#if !canImport(Combine)
/// The subscription of every `Merge` arity and of `MergeMany` on Linux, with Combine's rules
/// (each one is tested in `MergeConformanceTests`):
///
/// - **Order:** the downstream receives its subscription before any upstream is subscribed.
/// - **Demand:** each upstream is asked for one value as soon as it subscribes (for unlimited
///   values once the downstream asked for unlimited), whatever the downstream's demand, and is
///   asked for the next one when its value goes out (`receive` returns `.max(1)`). What the
///   downstream asks for beyond that stays here; a request made while a value is being delivered
///   is added once the delivery returns.
/// - **No demand:** each upstream has one slot, where its latest value waits; a request drains
///   the slots in upstream order. Nothing grows without bound.
/// - **Re-entrancy:** a value sent from inside the downstream's `receive` (on the same thread)
///   goes out at once, within that call, if there is demand; otherwise it waits in its slot.
/// - **Completion:** `.finished` goes out once as many completions as upstreams have arrived and
///   the slots are empty (Combine counts completions, so an upstream that finishes twice counts
///   twice); a value that arrives after that still goes out. The first failure cancels every
///   upstream, the failed one included, and goes out.
/// - **Lifetime:** the downstream stays referenced until this subscription goes away, also after
///   a failure or `cancel()`.
/// - It describes itself as `"Merge"`.
/// - The one deliberate difference: `request(.none)` does nothing (Combine traps).
///
/// `@unchecked Sendable`: every stored `var` is read and written only while `lock` is held; the
/// downstream is called only under `downstreamLock`, never with `lock` held.
final class MergeSubscription<Downstream: Subscriber>: Subscription, UpstreamCoordinator,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable {
    typealias Value = Downstream.Input
    typealias Failure = Downstream.Failure

    static var operatorName: String { "Merge" }

    private let downstream: Downstream
    private let upstreamCount: Int
    private let lock = OperatorLock()
    private let downstreamLock = OperatorLock.downstream()
    private var subscriptions: [(any Subscription)?]
    /// One slot per upstream: its latest value not yet delivered.
    private var slots: [Value?]
    private var demand = Subscribers.Demand.none
    /// Requested while the downstream was being called; added when the call returns.
    private var requestedDuringDelivery = Subscribers.Demand.none
    /// How many downstream calls are in progress (more than one when re-entered).
    private var deliveryDepth = 0
    private var completionCount = 0
    /// `.finished` went out, a failure went out, or the downstream cancelled.
    private var isTerminated = false
    /// A failure went out or the downstream cancelled: values are no longer delivered.
    private var isCancelledOrFailed = false

    init(downstream: Downstream, upstreamCount: Int) {
        self.downstream = downstream
        self.upstreamCount = upstreamCount
        self.subscriptions = Array(repeating: nil, count: upstreamCount)
        self.slots = Array(repeating: nil, count: upstreamCount)
    }

    /// Hands the downstream its subscription, then lets `subscribeUpstreams` attach each upstream.
    func start(_ subscribeUpstreams: (MergeSubscription) -> Void) {
        downstream.receive(subscription: self)
        subscribeUpstreams(self)
    }

    // MARK: - Upstream events

    func upstream(_ index: Int, didSubscribe subscription: any Subscription) {
        let request: Subscribers.Demand? = lock.withLock {
            guard !isTerminated, subscriptions[index] == nil else { return nil }
            subscriptions[index] = subscription
            return demand == .unlimited ? .unlimited : .max(1)
        }
        guard let request else {
            subscription.cancel()
            return
        }
        subscription.request(request)
    }

    func upstream(_ index: Int, didSend value: Value) -> Subscribers.Demand {
        let route: Route = lock.withLock {
            if isCancelledOrFailed { return .drop }
            if demand == .unlimited { return .unlimited }
            if demand == .none {
                slots[index] = value
                return .buffered
            }
            demand -= 1
            return .deliver
        }
        switch route {
        case .drop, .buffered:
            return .none
        case .unlimited:
            return deliver(value)
        case .deliver:
            let more = deliver(value)
            lock.withLock {
                demand += more + requestedDuringDelivery
                requestedDuringDelivery = .none
            }
            return .max(1)
        }
    }

    func upstream(_ index: Int, didComplete completion: Subscribers.Completion<Failure>) {
        let toCancel: [any Subscription]? = lock.withLock {
            guard !isTerminated else { return nil }
            switch completion {
            case .finished:
                completionCount += 1
                subscriptions[index] = nil
                return finishingIfDone()
            case .failure:
                return terminate(cancelling: true)
            }
        }
        guard let toCancel else { return }
        for subscription in toCancel { subscription.cancel() }
        downstreamLock.withLock { downstream.receive(completion: completion) }
    }

    // MARK: - Subscription

    func request(_ requested: Subscribers.Demand) {
        guard requested > .none else { return }   // the one deliberate difference: Combine traps
        let plan: Plan = lock.withLock {
            guard !isTerminated, demand != .unlimited else { return .ignore }
            if deliveryDepth > 0 {
                requestedDuringDelivery += requested
                return .ignore
            }
            demand += requested
            if demand == .unlimited {
                let values = slots.compactMap { $0 }
                slots = slots.map { _ in nil }
                let finishing = finishingIfDone()
                return .unlimited(values, finishing: finishing, upstreams: subscriptions.compactMap { $0 })
            }
            return .drain(takeSlotsAgainstDemand(), finishing: finishingIfDone())
        }
        switch plan {
        case .ignore:
            return
        case .unlimited(let values, let finishing, let upstreams):
            for value in values { _ = deliver(value) }
            if let finishing {
                for subscription in finishing { subscription.cancel() }
                downstreamLock.withLock { downstream.receive(completion: .finished) }
            } else {
                for upstream in upstreams { upstream.request(.unlimited) }
            }
        case .drain(var taken, var finishing):
            // Values the downstream asks for more of while being handed the slots are drained
            // in the same pass, so none waits for the next upstream value.
            while true {
                var more = Subscribers.Demand.none
                for (value, _) in taken { more += deliver(value) }
                if let finishing {
                    for subscription in finishing { subscription.cancel() }
                    downstreamLock.withLock { downstream.receive(completion: .finished) }
                    return
                }
                for case let (_, subscription?) in taken { subscription.request(.max(1)) }
                let next: ([(Value, (any Subscription)?)], [any Subscription]?)? = lock.withLock {
                    demand += more + requestedDuringDelivery
                    requestedDuringDelivery = .none
                    guard !isTerminated, demand > .none, slots.contains(where: { $0 != nil }) else { return nil }
                    return (takeSlotsAgainstDemand(), finishingIfDone())
                }
                guard let next else { return }
                (taken, finishing) = next
            }
        }
    }

    func cancel() {
        let toCancel = lock.withLock { terminate(cancelling: true) }
        for subscription in toCancel { subscription.cancel() }
    }

    /// What to do with a value from an upstream.
    private enum Route { case drop, unlimited, buffered, deliver }

    /// What to do for a downstream request.
    private enum Plan {
        case ignore
        /// Deliver these slots' values (each with its upstream, to ask for the next), then
        /// finish if `finishing` holds the subscriptions to cancel.
        case drain([(Value, (any Subscription)?)], finishing: [any Subscription]?)
        /// Deliver these values, then finish or ask every upstream for unlimited values.
        case unlimited([Value], finishing: [any Subscription]?, upstreams: [any Subscription])
    }

    // MARK: - With the lock held

    /// Takes the slots' values, in upstream order, while there is demand; each with its upstream,
    /// to ask for the next value.
    private func takeSlotsAgainstDemand() -> [(Value, (any Subscription)?)] {
        var taken: [(Value, (any Subscription)?)] = []
        for index in slots.indices where demand > .none {
            guard let value = slots[index] else { continue }
            slots[index] = nil
            demand -= 1
            taken.append((value, subscriptions[index]))
        }
        return taken
    }

    /// Ends the subscription if every upstream has completed and no slot holds a value; returns
    /// the subscriptions to cancel then.
    private func finishingIfDone() -> [any Subscription]? {
        guard completionCount >= upstreamCount, slots.allSatisfy({ $0 == nil }) else { return nil }
        return terminate(cancelling: false)
    }

    /// Marks the end and returns the upstream subscriptions still held, to cancel outside the
    /// lock. `cancelling` (a failure or `cancel()`) also stops values from going out.
    private func terminate(cancelling: Bool) -> [any Subscription] {
        isTerminated = true
        if cancelling { isCancelledOrFailed = true }
        slots = slots.map { _ in nil }
        let held = subscriptions.compactMap { $0 }
        subscriptions = subscriptions.map { _ in nil }
        return held
    }

    // MARK: - Downstream

    /// Calls the downstream with `value`; requests it makes meanwhile are kept for the caller.
    private func deliver(_ value: Value) -> Subscribers.Demand {
        lock.withLock { deliveryDepth += 1 }
        let more = downstreamLock.withLock { downstream.receive(value) }
        lock.withLock { deliveryDepth -= 1 }
        return more
    }

    // MARK: - Description

    var description: String { Self.operatorName }

    var playgroundDescription: Any { description }

    var customMirror: Mirror { Mirror(self, children: [:]) }
}
#endif
