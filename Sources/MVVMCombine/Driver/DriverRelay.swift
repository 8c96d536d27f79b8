import Dispatch
import Foundation
import MVVMLocking

/// The shared heart of a ``Driver``: one upstream subscription, the latest value, and the
/// subscribers it delivers to on the main queue.
///
/// `@unchecked Sendable`: every mutable property here and in its ``DriverSubscription``s is read
/// and written only while `lock` is held (a pthread mutex, which ThreadSanitizer sees);
/// subscribers are called only on the main queue, outside the lock, one delivery at a time
/// (`isDraining`).
final class DriverRelay<Output>: @unchecked Sendable {
    let lock = Lock()
    private var upstream: AnyPublisher<Output, Never>?
    private var connection: AnyCancellable?
    private var latest: Output?
    private var isFinished = false
    private var subscriptions: [DriverSubscription<Output>] = []
    private var isDrainScheduled = false
    private var isDraining = false

    init(_ upstream: AnyPublisher<Output, Never>) {
        self.upstream = upstream
    }

    deinit {
        connection?.cancel()
    }

    /// Adds a subscriber; the first one connects the upstream.
    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Never {
        let subscription = DriverSubscription(relay: self, downstream: AnySubscriber(subscriber))
        let toConnect: AnyPublisher<Output, Never>? = locked {
            subscriptions.append(subscription)
            if let latest { subscription.enqueue(latest) }
            if isFinished { subscription.finish() }
            defer { upstream = nil }
            return upstream
        }
        subscriber.receive(subscription: subscription)
        if let toConnect {
            let connection = toConnect.sink(
                receiveCompletion: { [weak self] _ in self?.finish() },
                receiveValue: { [weak self] value in self?.publish(value) }
            )
            locked { self.connection = connection }
        }
        scheduleDrain()
    }

    func remove(_ subscription: DriverSubscription<Output>) {
        locked { subscriptions.removeAll { $0 === subscription } }
    }

    private func publish(_ value: Output) {
        locked {
            latest = value
            for subscription in subscriptions { subscription.enqueue(value) }
        }
        scheduleDrain()
    }

    private func finish() {
        locked {
            isFinished = true
            for subscription in subscriptions { subscription.finish() }
        }
        scheduleDrain()
    }

    /// Delivers now if on the main queue, else once on the main queue's next turn.
    func scheduleDrain() {
        if MainQueue.isCurrent {
            drain()
            return
        }
        let shouldSchedule = locked {
            defer { isDrainScheduled = true }
            return !isDrainScheduled
        }
        guard shouldSchedule else { return }
        DispatchQueue.main.async { [self] in
            locked { isDrainScheduled = false }
            drain()
        }
    }

    /// On the main queue: delivers every value the subscribers have demand for. A delivery that
    /// causes another (a subscriber sending into the upstream) is picked up by the same loop.
    private func drain() {
        let owns = locked {
            defer { isDraining = true }
            return !isDraining
        }
        guard owns else { return }
        while let delivery = locked({ nextDelivery() }) {
            delivery()
        }
    }

    private func nextDelivery() -> (() -> Void)? {
        for subscription in subscriptions {
            if let delivery = subscription.takeDelivery() { return delivery }
        }
        subscriptions.removeAll { $0.isDone }
        isDraining = false
        return nil
    }

    func locked<T>(_ body: () -> T) -> T {
        lock.withLock { _ in body() }
    }
}
