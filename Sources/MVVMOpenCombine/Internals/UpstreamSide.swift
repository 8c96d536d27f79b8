#if !canImport(Combine)
/// What a multi-upstream operator's subscription receives from each of its upstreams, tagged
/// with the upstream's position.
protocol UpstreamCoordinator: AnyObject {
    associatedtype Value
    associatedtype Failure: Error
    /// The operator's name, as Combine's inner subscribers describe themselves.
    static var operatorName: String { get }
    func upstream(_ index: Int, didSubscribe subscription: any Subscription)
    func upstream(_ index: Int, didSend value: Value) -> Subscribers.Demand
    func upstream(_ index: Int, didComplete completion: Subscribers.Completion<Failure>)
}

/// The subscriber a multi-upstream operator attaches to each of its upstreams.
///
/// It holds its coordinator strongly, as Combine's inner subscribers do: the upstream's
/// subscription keeps the operator alive until it completes or is cancelled. What it returns
/// for a value is what the coordinator decided, as in Combine.
struct UpstreamSide<Input, Coordinator: UpstreamCoordinator>: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    typealias Failure = Coordinator.Failure

    let combineIdentifier = CombineIdentifier()
    let index: Int
    let coordinator: Coordinator
    let wrap: (Input) -> Coordinator.Value

    func receive(subscription: any Subscription) {
        coordinator.upstream(index, didSubscribe: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        coordinator.upstream(index, didSend: wrap(input))
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        coordinator.upstream(index, didComplete: completion)
    }

    /// `"Merge"` or `"CombineLatest"`, as in Combine.
    var description: String { Coordinator.operatorName }

    var playgroundDescription: Any { description }

    var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": ObjectIdentifier(coordinator)])
    }
}

extension UpstreamCoordinator {
    /// Subscribes to `publisher` as upstream number `index`.
    func attach<P: Publisher>(_ publisher: P, at index: Int, _ wrap: @escaping (P.Output) -> Value)
    where P.Failure == Failure {
        publisher.subscribe(UpstreamSide(index: index, coordinator: self, wrap: wrap))
    }
}
#endif
