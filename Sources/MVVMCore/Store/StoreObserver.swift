/// One closure observer of a ``StateStore``, and its token. The token owns the closure and the
/// store holds the token weakly: a released or cancelled token lets go of the closure at once,
/// and the store drops its slot at the next delivery or before its list grows.
@MainActor
final class StoreObserver<State>: ObservationToken {
    /// Called with each new state; `nil` once cancelled.
    private(set) var deliver: (@MainActor (State) -> Void)?
    /// The number of the newest state when it subscribed: it is called for later ones only.
    let since: Int

    init(since: Int, deliver: @escaping @MainActor (State) -> Void) {
        self.since = since
        self.deliver = deliver
        super.init()
    }

    override func cancel() {
        super.cancel()
        let released = deliver   // released after the write: a `deinit` it runs may use this token
        deliver = nil
        withExtendedLifetime(released) {}
    }
}

/// A slot in a store's observer list.
struct WeakObserver<State> {
    weak var observer: StoreObserver<State>?
}
