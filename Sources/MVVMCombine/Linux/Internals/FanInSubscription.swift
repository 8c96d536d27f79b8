#if !canImport(Combine)
/// The machinery shared by the Linux `CombineLatest` and `Merge`: several upstreams, one
/// downstream, Combine's rules.
///
/// - The downstream receives its subscription before any upstream is subscribed, so an upstream
///   that fails at once still reports after the subscription.
/// - Calls to the downstream are serialized, whatever threads the upstreams send on, and never
///   made while the lock is held: the downstream may request more, or cause an upstream to send,
///   from inside `receive(_:)`.
/// - Values go out only against the downstream's demand; what a subclass buffers meanwhile is
///   its policy (CombineLatest keeps the latest, Merge keeps every value).
/// - The first failure cancels the other upstreams, drops anything buffered and goes out at once;
///   `.finished` goes out when every upstream has finished and the buffer is empty.
/// - Cancelling cancels every upstream; nothing is delivered afterwards.
///
/// `@unchecked Sendable`: every stored property below is read and written only while `lock` is
/// held (subclasses follow the same rule for theirs, and their hooks are called with it held).
class FanInSubscription<Downstream: Subscriber, Value>: UpstreamCoordinator, Subscription, @unchecked Sendable {
    typealias Failure = Downstream.Failure

    let lock = Lock()
    private var downstream: Downstream?
    private(set) var subscriptions: [(any Subscription)?]
    private(set) var finished: [Bool]
    /// What the downstream asked for and has not received yet.
    private(set) var demand = Subscribers.Demand.none
    private var completion: Subscribers.Completion<Failure>?
    private var isEmitting = false
    /// No upstream event matters any more: failed, all finished, or cancelled.
    private(set) var isTerminated = false

    init(downstream: Downstream, upstreamCount: Int) {
        self.downstream = downstream
        self.subscriptions = Array(repeating: nil, count: upstreamCount)
        self.finished = Array(repeating: false, count: upstreamCount)
    }

    // MARK: - Subclass hooks, called with the lock held

    /// Buffers a value from upstream `index`.
    func buffer(_ value: Value, from index: Int) { fatalError("subclass") }
    /// Takes the next value to deliver, if one is buffered.
    func dequeue() -> Downstream.Input? { fatalError("subclass") }
    /// Whether nothing is buffered.
    var isBufferEmpty: Bool { fatalError("subclass") }
    /// Drops everything buffered (on failure or cancellation).
    func discardBuffer() { fatalError("subclass") }
    /// What to ask the upstreams for now that the downstream added `added` to its demand
    /// (`.none` after a delivery or a new upstream subscription).
    func upstreamRequests(afterAdding added: Subscribers.Demand) -> [(any Subscription, Subscribers.Demand)] {
        fatalError("subclass")
    }
    /// What to ask a newly subscribed upstream for.
    func initialRequest(forUpstream index: Int) -> Subscribers.Demand { fatalError("subclass") }

    // MARK: - Starting

    /// Hands the downstream its subscription, then lets `subscribeUpstreams` attach to each upstream.
    func start(_ subscribeUpstreams: (FanInSubscription) -> Void) {
        lock.withLock { downstream }?.receive(subscription: self)
        if subscriptions.isEmpty {
            lock.withLock {
                isTerminated = true
                completion = .finished
            }
            drain()
            return
        }
        subscribeUpstreams(self)
    }

    // MARK: - Upstream events

    func upstream(_ index: Int, didSubscribe subscription: any Subscription) {
        let request: Subscribers.Demand? = lock.withLock {
            guard !isTerminated, subscriptions[index] == nil else { return nil }
            subscriptions[index] = subscription
            return initialRequest(forUpstream: index)
        }
        guard let request else {
            subscription.cancel()
            return
        }
        if request > .none { subscription.request(request) }
    }

    func upstream(_ index: Int, didSend value: Value) {
        let accepted = lock.withLock {
            guard !isTerminated else { return false }
            buffer(value, from: index)
            return true
        }
        if accepted { drain() }
    }

    func upstream(_ index: Int, didComplete completion: Subscribers.Completion<Failure>) {
        let toCancel: [any Subscription] = lock.withLock {
            guard !isTerminated else { return [] }
            switch completion {
            case .failure:
                isTerminated = true
                self.completion = completion
                discardBuffer()
                let others = subscriptions.enumerated().compactMap { $0.offset == index ? nil : $0.element }
                subscriptions = subscriptions.map { _ in nil }
                return others
            case .finished:
                finished[index] = true
                subscriptions[index] = nil
                if !finished.contains(false) {
                    isTerminated = true
                    self.completion = .finished
                }
                return []
            }
        }
        for subscription in toCancel { subscription.cancel() }
        drain()
    }

    // MARK: - Subscription

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }   // Combine traps here; asking for nothing does nothing
        let requests = lock.withLock { () -> [(any Subscription, Subscribers.Demand)] in
            guard downstream != nil else { return [] }
            self.demand += demand
            return isTerminated ? [] : upstreamRequests(afterAdding: demand)
        }
        for (subscription, demand) in requests { subscription.request(demand) }
        drain()
    }

    func cancel() {
        let toCancel: [any Subscription] = lock.withLock {
            isTerminated = true
            downstream = nil
            discardBuffer()
            let live = subscriptions.compactMap { $0 }
            subscriptions = subscriptions.map { _ in nil }
            return live
        }
        for subscription in toCancel { subscription.cancel() }
    }

    // MARK: - Delivery

    private enum Step {
        case deliver(Downstream, Downstream.Input)
        case complete(Downstream, Subscribers.Completion<Failure>)
        case request([(any Subscription, Subscribers.Demand)])
        case stop
    }

    /// Delivers what the demand allows, then the completion once the buffer is empty. Only one
    /// thread delivers at a time; others leave their values in the buffer for it.
    private func drain() {
        let owns = lock.withLock {
            if isEmitting { return false }
            isEmitting = true
            return true
        }
        guard owns else { return }
        var askedUpstream = false
        while true {
            let step: Step = lock.withLock {
                guard let downstream else {
                    isEmitting = false
                    return .stop
                }
                if demand > .none, let value = dequeue() {
                    demand -= 1
                    askedUpstream = false
                    return .deliver(downstream, value)
                }
                if let completion, isBufferEmpty {
                    self.downstream = nil
                    return .complete(downstream, completion)
                }
                if !askedUpstream, !isTerminated {
                    askedUpstream = true
                    let requests = upstreamRequests(afterAdding: .none)
                    if !requests.isEmpty { return .request(requests) }
                }
                isEmitting = false
                return .stop
            }
            switch step {
            case .deliver(let downstream, let value):
                let more = downstream.receive(value)
                if more > .none {
                    let requests = lock.withLock { () -> [(any Subscription, Subscribers.Demand)] in
                        demand += more
                        return isTerminated ? [] : upstreamRequests(afterAdding: more)
                    }
                    for (subscription, demand) in requests { subscription.request(demand) }
                }
            case .complete(let downstream, let completion):
                downstream.receive(completion: completion)
            case .request(let requests):
                for (subscription, demand) in requests { subscription.request(demand) }
            case .stop:
                return
            }
        }
    }
}
#endif

#if !canImport(Combine)
extension FanInSubscription {
    /// Subscribes to `publisher` as upstream number `index`.
    func attach<P: Publisher>(_ publisher: P, at index: Int, _ wrap: @escaping (P.Output) -> Value)
    where P.Failure == Failure {
        publisher.subscribe(UpstreamSide(index: index, coordinator: self, wrap: wrap))
    }
}
#endif
