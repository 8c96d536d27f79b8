extension StateStore {
    /// Hands `event` to the change log attached to this store (MVVMLogging's
    /// `logChanges(to:level:)`), which logs it before the state changes it makes. With no log
    /// attached it does nothing but one check. Every event the library delivers
    /// (``ViewModel/send(_:)``, a mailbox, a child's delegate output) passes here first.
    func traceDelivered<Event>(_ event: Event) {
        sideIfMade?.eventTracer?(event)
    }

    /// Attaches `tracer` as the receiver of the events delivered to this store's ViewModel, in
    /// place of any other; `nil` detaches.
    package func setEventTracer(_ tracer: (@MainActor (Any) -> Void)?) {
        if tracer == nil, sideIfMade == nil { return }
        side.eventTracer = tracer
    }
}
