/// One subscriber of a ``Driver``: its demand and the values waiting for it.
///
/// `@unchecked Sendable`: its mutable state is guarded by its relay's lock (see ``DriverRelay``);
/// ``takeDelivery()``, ``enqueue(_:)`` and ``finish()`` are called with that lock held.
final class DriverSubscription<Output>: Subscription, @unchecked Sendable {
    private let relay: DriverRelay<Output>
    private var downstream: AnySubscriber<Output, Never>?
    private var demand = Subscribers.Demand.none
    private var queue: [Output] = []
    private var isFinishing = false

    init(relay: DriverRelay<Output>, downstream: AnySubscriber<Output, Never>) {
        self.relay = relay
        self.downstream = downstream
    }

    /// Whether it has been cancelled or has finished: the relay may forget it.
    var isDone: Bool { downstream == nil }

    /// Queues `value`; without demand, only the latest value waits.
    func enqueue(_ value: Output) {
        guard downstream != nil else { return }
        if demand == .none { queue.removeAll() }
        queue.append(value)
    }

    /// Queues the end: it goes out once the queued values have.
    func finish() {
        isFinishing = true
    }

    /// The next call to make to the subscriber, to be made outside the lock; `nil` if none is due.
    func takeDelivery() -> (() -> Void)? {
        guard let downstream else { return nil }
        if demand > .none, !queue.isEmpty {
            demand -= 1
            let value = queue.removeFirst()
            return { [self] in
                let more = downstream.receive(value)
                if more > .none { relay.locked { demand += more } }
            }
        }
        if isFinishing, queue.isEmpty {
            self.downstream = nil
            return { downstream.receive(completion: .finished) }
        }
        return nil
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        relay.locked { self.demand += demand }
        relay.scheduleDrain()
    }

    func cancel() {
        relay.locked {
            downstream = nil
            queue.removeAll()
        }
        relay.remove(self)
    }
}
