#if !canImport(Combine)
/// `Merge` on Linux, for any number of upstreams of one output type.
///
/// Every value goes out, in the order it arrived, against the downstream's demand. With
/// unlimited demand every upstream is asked for unlimited values. With a finite demand each
/// upstream is asked for one value at a time and buffers at most that one, as Combine does, so a
/// slow downstream never makes the buffer grow.
final class MergeSubscription<Downstream: Subscriber>: FanInSubscription<Downstream, Downstream.Input>, @unchecked Sendable {
    private var pending: [(index: Int, value: Downstream.Input)] = []
    private var bufferedCount: [Int]
    /// Whether a request for one value is pending on each upstream.
    private var outstanding: [Bool]
    private var isUnlimited = false

    override init(downstream: Downstream, upstreamCount: Int) {
        self.bufferedCount = Array(repeating: 0, count: upstreamCount)
        self.outstanding = Array(repeating: false, count: upstreamCount)
        super.init(downstream: downstream, upstreamCount: upstreamCount)
    }

    override func buffer(_ value: Downstream.Input, from index: Int) {
        outstanding[index] = false
        bufferedCount[index] += 1
        pending.append((index, value))
    }

    override func dequeue() -> Downstream.Input? {
        guard !pending.isEmpty else { return nil }
        let (index, value) = pending.removeFirst()
        bufferedCount[index] -= 1
        return value
    }

    override var isBufferEmpty: Bool { pending.isEmpty }

    override func discardBuffer() {
        pending.removeAll()
    }

    override func upstreamRequests(afterAdding added: Subscribers.Demand) -> [(any Subscription, Subscribers.Demand)] {
        if isUnlimited { return [] }
        if demand == .unlimited {
            isUnlimited = true
            return subscriptions.compactMap { subscription in subscription.map { ($0, .unlimited) } }
        }
        guard demand > .none else { return [] }
        var requests: [(any Subscription, Subscribers.Demand)] = []
        for (index, subscription) in subscriptions.enumerated() {
            guard let subscription, !outstanding[index], bufferedCount[index] == 0 else { continue }
            outstanding[index] = true
            requests.append((subscription, .max(1)))
        }
        return requests
    }

    override func initialRequest(forUpstream index: Int) -> Subscribers.Demand {
        if isUnlimited { return .unlimited }
        guard demand > .none else { return .none }
        outstanding[index] = true
        return .max(1)
    }
}
#endif
