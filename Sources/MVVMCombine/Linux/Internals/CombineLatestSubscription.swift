#if !canImport(Combine)
/// `CombineLatest` on Linux, for any number of upstreams (values erased to `Any`).
///
/// Combine's documented rules: nothing goes out until every upstream has sent a value; after
/// that, each upstream value sends the combination of the latest values. Each downstream request
/// is passed on to every upstream. While the downstream has no demand, only the latest
/// combination is kept (Combine's buffer of one per upstream).
final class CombineLatestSubscription<Downstream: Subscriber>: FanInSubscription<Downstream, Any>, @unchecked Sendable {
    private let combine: ([Any]) -> Downstream.Input
    private var latest: [Any?]
    private var pending: [Downstream.Input] = []
    /// What each upstream has been asked for so far: every downstream request, passed through.
    private var requested = Subscribers.Demand.none

    init(downstream: Downstream, upstreamCount: Int, combine: @escaping ([Any]) -> Downstream.Input) {
        self.combine = combine
        self.latest = Array(repeating: nil, count: upstreamCount)
        super.init(downstream: downstream, upstreamCount: upstreamCount)
    }

    override func buffer(_ value: Any, from index: Int) {
        latest[index] = value
        let values = latest.compactMap { $0 }
        guard values.count == latest.count else { return }
        let combined = combine(values)
        if demand == .none {
            pending = [combined]
        } else {
            pending.append(combined)
        }
    }

    override func dequeue() -> Downstream.Input? {
        pending.isEmpty ? nil : pending.removeFirst()
    }

    override var isBufferEmpty: Bool { pending.isEmpty }

    override func discardBuffer() {
        pending.removeAll()
    }

    override func upstreamRequests(afterAdding added: Subscribers.Demand) -> [(any Subscription, Subscribers.Demand)] {
        guard added > .none else { return [] }
        requested += added
        return subscriptions.compactMap { subscription in subscription.map { ($0, added) } }
    }

    override func initialRequest(forUpstream index: Int) -> Subscribers.Demand {
        requested
    }
}
#endif
