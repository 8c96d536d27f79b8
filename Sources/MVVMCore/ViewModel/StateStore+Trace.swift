extension StateStore {
    /// Hands `event` to the change log attached to this store (MVVMLogging's
    /// `logChanges(to:level:)`), which logs it before the state changes it makes. With no log
    /// attached it does nothing but one check. Call it first in `onEvent`:
    ///
    /// ```swift
    /// func onEvent(_ event: Event) {
    ///     store.trace(event)
    ///     switch event { ... }
    /// }
    /// ```
    public func trace<Event>(_ event: Event) {
        sideIfMade?.eventTracer?(event)
    }

    /// Attaches `tracer` as the receiver of ``trace(_:)``, in place of any other; `nil` detaches.
    package func setEventTracer(_ tracer: (@MainActor (Any) -> Void)?) {
        if tracer == nil, sideIfMade == nil { return }
        side.eventTracer = tracer
    }
}
