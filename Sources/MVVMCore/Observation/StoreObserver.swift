/// One closure observer of a ``StateStore``, and its token. The token owns the closure and the
/// store holds the token weakly: a released or cancelled token lets go of the closure at once,
/// and the store drops its slot at the next delivery to it or before its list grows.
@MainActor
@usableFromInline
final class StoreObserver<State>: ObservationToken {
    /// Called with each new state; `nil` once cancelled.
    @usableFromInline private(set) var deliver: (@MainActor (State) -> Void)?

    init(deliver: @escaping @MainActor (State) -> Void) {
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

/// A slot in a store's observer list: the token, held weakly, and what the store itself owns of
/// the observer. A class, so that walking the list copies a strong reference to the slot, not the
/// weak one inside it.
///
/// A field observer's comparison lives here, not in the token's closure: the store asks it first,
/// and loads the weak reference (which costs a side-table retain and release) only for an
/// observer whose field changed. With 10 field observers and 1 of 20 fields changed, an update
/// loads one weak reference, not ten (Benchmarks, `propagation/1-of-20-fields/10-field-observers`).
@MainActor
@usableFromInline
final class WeakObserver<State> {
    @usableFromInline weak var observer: StoreObserver<State>?
    /// The number of the newest state when it subscribed: it is called for later ones only.
    @usableFromInline let since: Int
    /// Whether a state is news to the observer, noting it as seen (a field observer: its field
    /// changed); `nil`: every state is.
    @usableFromInline let isNews: (@MainActor (State) -> Bool)?

    init(observer: StoreObserver<State>, since: Int, isNews: (@MainActor (State) -> Bool)?) {
        self.observer = observer
        self.since = since
        self.isNews = isNews
    }
}
