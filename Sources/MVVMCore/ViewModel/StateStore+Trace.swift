extension StateStore {
    /// Hands `event` to the change log attached to this store (MVVMLogging's
    /// `logChanges(to:level:)`), which logs it before the state changes it makes. With no log
    /// attached it does nothing but one check. Every event the library delivers
    /// (``ViewModel/send(_:)``, a mailbox, a child's delegate output) passes here first.
    func traceDelivered<Event>(_ event: Event) {
        sideIfMade?.eventTracer?(event)
    }

    /// Traces `event` when `onEvent` was called directly; does nothing for an event the library
    /// delivered (``ViewModel/send(_:)``, a mailbox), which it traced already. Once the views call
    /// `send`, the line that called this can go.
    @available(*, deprecated, message: "Views call viewModel.send(_:), which traces every event before onEvent: then remove this line.")
    public func trace<Event>(_ event: Event) {
        guard !EventDelivery.isDelivering(to: self) else { return }
        traceDelivered(event)
    }

    /// Attaches `tracer` as the receiver of the events delivered to this store's ViewModel, in
    /// place of any other; `nil` detaches.
    package func setEventTracer(_ tracer: (@MainActor (Any) -> Void)?) {
        if tracer == nil, sideIfMade == nil { return }
        side.eventTracer = tracer
    }
}
