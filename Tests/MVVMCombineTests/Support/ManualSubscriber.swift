import Foundation
import MVVMCombine

/// A subscriber whose demand the test controls: what it asks for first, what it adds per
/// value, and requests made later by hand.
///
/// `@unchecked Sendable`: every mutable property is read and written while `lock` is held.
final class ManualSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    let combineIdentifier = CombineIdentifier()
    private let lock = NSLock()
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    private var subscription: (any Subscription)?
    private var receivedValues: [Input] = []
    private var receivedCompletion: Subscribers.Completion<Failure>?
    private var subscribedBeforeAnything = true

    init(initialDemand: Subscribers.Demand, demandPerValue: Subscribers.Demand = .none) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    var values: [Input] { locked { receivedValues } }
    var completion: Subscribers.Completion<Failure>? { locked { receivedCompletion } }
    /// Whether the subscription arrived before any value or completion, as Combine requires.
    var gotSubscriptionFirst: Bool { locked { subscribedBeforeAnything && subscription != nil } }

    func receive(subscription: any Subscription) {
        locked { self.subscription = subscription }
        if initialDemand > .none { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        locked {
            if subscription == nil { subscribedBeforeAnything = false }
            receivedValues.append(input)
        }
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        locked {
            if subscription == nil { subscribedBeforeAnything = false }
            receivedCompletion = completion
        }
    }

    func request(_ demand: Subscribers.Demand) {
        locked { subscription }?.request(demand)
    }

    func cancel() {
        locked { subscription }?.cancel()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
