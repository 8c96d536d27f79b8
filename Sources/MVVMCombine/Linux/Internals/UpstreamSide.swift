#if !canImport(Combine)
/// Receives what one of several upstreams sends, tagged with the upstream's position.
protocol UpstreamCoordinator: AnyObject {
    associatedtype Value
    associatedtype Failure: Error
    func upstream(_ index: Int, didSubscribe subscription: any Subscription)
    func upstream(_ index: Int, didSend value: Value)
    func upstream(_ index: Int, didComplete completion: Subscribers.Completion<Failure>)
}

/// The subscriber a multi-upstream operator attaches to each of its upstreams.
///
/// It holds its coordinator strongly, as Combine's inner subscribers do: the upstream's
/// subscription keeps the operator alive until it completes or is cancelled.
struct UpstreamSide<Input, Coordinator: UpstreamCoordinator>: Subscriber {
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
        return .none   // the coordinator requests more itself, outside its lock
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        coordinator.upstream(index, didComplete: completion)
    }
}
#endif
