/// A closure observer registered with a ``StateStore``, and the token that keeps it alive.
///
/// The store's list holds the subscription strongly and tells that the caller released it from
/// its reference count (see ``ObserverList``, where that is read and why): being its own token, a
/// subscription is one object plus its slot in the list. The `memory` workloads in `Benchmarks/`
/// measure what it costs.
@MainActor
@usableFromInline
final class Subscription<Value>: ObservationToken {
    /// The observer; `nil` once cancelled, so that cancelling lets go of what it captured even
    /// while the caller keeps the token.
    /// Read into a local before it is called, and released only after a write ends (see
    /// ``cancel()``): no access to it spans a call out.
    @usableFromInline var handler: (@MainActor (Value) -> Void)?

    @usableFromInline
    init(handler: @escaping @MainActor (Value) -> Void) {
        self.handler = handler
        super.init()
    }

    override func cancel() {
        super.cancel()
        // Released after the write, not during it: releasing the handler may run a `deinit`
        // that touches this token again.
        let released = handler
        handler = nil
        withExtendedLifetime(released) {}
    }
}
