import Foundation
import MVVMCombine

/// An upstream the test drives by hand, as a conformance suite written for Combine does: it
/// records every request and cancel it receives, and `send` reaches the subscriber whatever the
/// demand (so the operator's own rules are what the test sees), returning what the subscriber
/// returned.
///
/// `@unchecked Sendable`: `lock` guards every mutable property; the subscriber is called
/// without it held.
final class ScriptedUpstream<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// What the upstream's subscription received, in order.
    enum Event: Equatable, CustomStringConvertible {
        case requested(Subscribers.Demand)
        case cancelled

        var description: String {
            switch self {
            case .requested(let demand): "requested(\(demand))"
            case .cancelled: "cancelled"
            }
        }
    }

    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?
    private var recorded: [Event] = []

    /// The requests and cancels received so far.
    var events: [Event] { lock.withLock { recorded } }
    /// The subscriber attached, as it describes itself (`"Merge"`, `"CombineLatest"`).
    var subscriberDescription: String { lock.withLock { attachedDescription } }
    private var attachedDescription = ""

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock {
            self.subscriber = AnySubscriber(subscriber)
            attachedDescription = String(describing: subscriber)
        }
        subscriber.receive(subscription: Subscription(upstream: self))
    }

    /// Sends `value` to the subscriber and returns the demand it answered with.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        lock.withLock { subscriber }?.receive(value) ?? .none
    }

    /// Sends a completion to the subscriber (again, if the test says so).
    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { subscriber }?.receive(completion: completion)
    }

    /// Hands the same subscription to the subscriber a second time (a misbehaving upstream).
    func resubscribe() {
        lock.withLock { subscriber }?.receive(subscription: Subscription(upstream: self))
    }

    fileprivate func record(_ event: Event) {
        lock.withLock { recorded.append(event) }
    }

    private struct Subscription: MVVMCombine.Subscription {
        let combineIdentifier = CombineIdentifier()
        let upstream: ScriptedUpstream

        func request(_ demand: Subscribers.Demand) { upstream.record(.requested(demand)) }
        func cancel() { upstream.record(.cancelled) }
    }
}

/// A downstream that records everything it receives as text, with the demand it asks for
/// scripted: `onSubscribe` and `onValue` run inside the calls (to request, or to make an
/// upstream send: re-entrancy), and `onValue` returns the demand `receive` answers with.
///
/// `@unchecked Sendable`: `lock` guards every mutable property; the hooks run without it.
final class RecordingDownstream<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    let combineIdentifier = CombineIdentifier()
    private let lock = NSLock()
    private var recorded: [String] = []
    private var heldSubscription: (any Subscription)?
    private let onSubscribe: (any Subscription) -> Void
    private let onValue: (Input) -> Subscribers.Demand
    /// Counts deinitializations of recording downstreams made with `tracking`.
    private let deinitCounter: DeinitCounter?

    init(
        tracking deinitCounter: DeinitCounter? = nil,
        onSubscribe: @escaping (any Subscription) -> Void = { _ in },
        onValue: @escaping (Input) -> Subscribers.Demand = { _ in .none }
    ) {
        self.deinitCounter = deinitCounter
        self.onSubscribe = onSubscribe
        self.onValue = onValue
    }

    /// A downstream that asks for `demand` as soon as it is subscribed.
    convenience init(requesting demand: Subscribers.Demand, tracking deinitCounter: DeinitCounter? = nil) {
        self.init(tracking: deinitCounter, onSubscribe: { $0.request(demand) })
    }

    deinit { deinitCounter?.increment() }

    /// What arrived: `subscription(<description>)`, each value, `finished` or `failure(<error>)`.
    var events: [String] { lock.withLock { recorded } }

    /// The subscription received.
    var subscription: (any Subscription)? { lock.withLock { heldSubscription } }

    func receive(subscription: any Subscription) {
        lock.withLock {
            heldSubscription = subscription
            recorded.append("subscription(\(subscription))")
        }
        onSubscribe(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { recorded.append("\(input)") }
        return onValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock {
            switch completion {
            case .finished: recorded.append("finished")
            case .failure(let error): recorded.append("failure(\(error))")
            }
        }
    }

    /// Lets go of the subscription (as `sink` does on cancel), breaking the reference cycle.
    func releaseSubscription() {
        lock.withLock { heldSubscription = nil }
    }
}

/// Counts deinitializations across threads.
final class DeinitCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}

/// A failure with a readable description.
struct Oops: Error, Equatable, CustomStringConvertible {
    var description: String { "oops" }
}
