#if !canImport(Combine)
import Foundation
/// The subscription of `CombineLatest`, `CombineLatest3` and `CombineLatest4` on Linux, with
/// Combine's rules (each one is tested in `CombineLatestConformanceTests`):
///
/// - **Order:** the upstreams are subscribed first; the downstream then receives its
///   subscription, followed at once by a completion that arrived meanwhile.
/// - **Demand:** nothing is asked for until the downstream asks; each of its requests is passed
///   to every upstream still running. What the downstream returns from `receive` is added to its
///   demand and returned to the upstream whose value it received.
/// - **Values:** every value replaces its upstream's latest. Once every upstream has sent one, a
///   value that arrives while the downstream has demand sends the combination of the latest
///   values; one that arrives without demand only updates the latest, and a later request does
///   not send it (the next value will).
/// - **Re-entrancy:** a value sent from inside the downstream's `receive` (a sink that writes to
///   one of its own inputs) updates the latest value and is not sent, so such a loop ends. A
///   value sent meanwhile from another thread waits for that call to return, then is sent.
/// - **Completion:** `.finished` goes out once as many completions as upstreams have arrived.
///   The first failure cancels the other upstreams (not the failed one) and goes out; values
///   after either are dropped.
/// - **Lifetime:** the downstream stays referenced until this subscription goes away, also after
///   a failure or `cancel()`.
/// - It describes itself as `"CombineLatest"`.
/// - The one deliberate difference: `request(.none)` does nothing (Combine traps).
///
/// `@unchecked Sendable`: every stored `var` is read and written only while `lock` is held; the
/// downstream is called only under `downstreamLock`, never with `lock` held.
final class CombineLatestSubscription<Downstream: Subscriber>: Subscription, UpstreamCoordinator,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable {
    typealias Value = Any
    typealias Failure = Downstream.Failure

    static var operatorName: String { "CombineLatest" }

    private let downstream: Downstream
    private let upstreamCount: Int
    /// Makes the output from the latest values, in upstream order.
    private let combine: ([Any]) -> Downstream.Input
    private let lock = OperatorLock()
    private let downstreamLock = OperatorLock.downstream()
    private var subscriptions: [(any Subscription)?]
    private var latest: [Any?]
    private var demand = Subscribers.Demand.none
    /// The thread sending a combination to the downstream, if one is: a value it sends from
    /// inside the downstream's `receive` is not sent; a value from another thread waits.
    private var sendingThread: pthread_t?
    private var completionCount = 0
    /// A completion went out (or is waiting for the downstream's subscription).
    private var isFinished = false
    private var isCancelled = false
    /// The downstream has received its subscription.
    private var isEstablished = false
    /// A completion that arrived before the downstream received its subscription.
    private var pendingCompletion: Subscribers.Completion<Failure>?

    init(downstream: Downstream, upstreamCount: Int, combine: @escaping ([Any]) -> Downstream.Input) {
        self.downstream = downstream
        self.upstreamCount = upstreamCount
        self.combine = combine
        self.subscriptions = Array(repeating: nil, count: upstreamCount)
        self.latest = Array(repeating: nil, count: upstreamCount)
    }

    /// Lets `subscribeUpstreams` attach each upstream, then hands the downstream its subscription.
    func start(_ subscribeUpstreams: (CombineLatestSubscription) -> Void) {
        subscribeUpstreams(self)
        downstream.receive(subscription: self)
        let completion: Subscribers.Completion<Failure>? = lock.withLock {
            isEstablished = true
            defer { pendingCompletion = nil }
            return pendingCompletion
        }
        if let completion {
            downstreamLock.withLock { downstream.receive(completion: completion) }
        }
    }

    // MARK: - Upstream events

    func upstream(_ index: Int, didSubscribe subscription: any Subscription) {
        let accepted: Subscribers.Demand? = lock.withLock {
            guard !isCancelled, subscriptions[index] == nil else { return nil }
            subscriptions[index] = subscription
            return demand
        }
        guard let accepted else {
            subscription.cancel()
            return
        }
        // An upstream that subscribes late (after the downstream asked) gets what was asked.
        if accepted > .none { subscription.request(accepted) }
    }

    func upstream(_ index: Int, didSend value: Any) -> Subscribers.Demand {
        let isReentrant: Bool? = lock.withLock {
            guard !isCancelled, !isFinished else { return nil }
            latest[index] = value
            return sendingThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        // Sent from inside the downstream's `receive`: the latest is updated, nothing is sent.
        guard isReentrant == false else { return .none }
        // From another thread while a combination is being sent: wait for it, then send.
        return downstreamLock.withLock {
            let values: [Any]? = lock.withLock {
                guard !isCancelled, !isFinished, demand > .none else { return nil }
                let values = latest.compactMap { $0 }
                guard values.count == upstreamCount else { return nil }
                demand -= 1
                sendingThread = pthread_self()
                return values
            }
            guard let values else { return .none }
            let more = downstream.receive(combine(values))
            lock.withLock {
                sendingThread = nil
                demand += more
            }
            return more
        }
    }

    func upstream(_ index: Int, didComplete completion: Subscribers.Completion<Failure>) {
        let (toCancel, deliverNow): ([any Subscription], Bool) = lock.withLock {
            guard !isCancelled, !isFinished else { return ([], false) }
            var others: [any Subscription] = []
            switch completion {
            case .finished:
                completionCount += 1
                subscriptions[index] = nil
                guard completionCount >= upstreamCount else { return ([], false) }
            case .failure:
                others = subscriptions.enumerated().compactMap { $0.offset == index ? nil : $0.element }
                subscriptions = subscriptions.map { _ in nil }
            }
            isFinished = true
            latest = latest.map { _ in nil }
            guard isEstablished else {
                pendingCompletion = completion
                return (others, false)
            }
            return (others, true)
        }
        for subscription in toCancel { subscription.cancel() }
        if deliverNow {
            downstreamLock.withLock { downstream.receive(completion: completion) }
        }
    }

    // MARK: - Subscription

    func request(_ requested: Subscribers.Demand) {
        guard requested > .none else { return }   // the one deliberate difference: Combine traps
        let upstreams: [any Subscription] = lock.withLock {
            guard !isCancelled, !isFinished else { return [] }
            demand += requested
            return subscriptions.compactMap { $0 }
        }
        for upstream in upstreams { upstream.request(requested) }
    }

    func cancel() {
        let toCancel: [any Subscription] = lock.withLock {
            isCancelled = true
            latest = latest.map { _ in nil }
            let held = subscriptions.compactMap { $0 }
            subscriptions = subscriptions.map { _ in nil }
            return held
        }
        for subscription in toCancel { subscription.cancel() }
    }

    // MARK: - Description

    var description: String { Self.operatorName }

    var playgroundDescription: Any { description }

    var customMirror: Mirror {
        lock.withLock {
            Mirror(self, children: [
                "downstream": downstream,
                "upstreamSubscriptions": subscriptions,
                "demand": demand,
                "buffers": latest,
            ])
        }
    }
}
#endif
