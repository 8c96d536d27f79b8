/// Delivers every event a ViewModel receives through the library (a view's ``ViewModel/send(_:)``,
/// a child's delegate output, a mailbox, a tester): traces it for a change log, hands it to
/// `onEvent`, then closes the modal that offered it (``NavigationState``); and says, while one is
/// handled, which: a tester names it as the cause of the state changes it makes
/// (`ViewModelTester.receive(_:_:fileID:filePath:line:column:)` with an event).
@MainActor
package enum EventDelivery {
    /// The events being handled now, the innermost last: whose, and which.
    private static var handling: [(viewModel: ObjectIdentifier, event: Any)] = []

    /// Whether a tester reads what is handled: set by the first `ViewModelTester` of the
    /// process. An app never makes one, so its events reach `onEvent` with nothing noted.
    package static var isNoted = false

    /// Traces `event`, calls `viewModel.onEvent(event)`, closes the modal that offered it if it
    /// is still shown and `fromView` (a button the user pressed, not a mailbox's or a child's
    /// event, which never answer an alert for the user), then calls `then`, noting `event` as what
    /// it handles until all return.
    static func deliver<Model: ViewModel>(_ event: Model.Event, to viewModel: Model, fromView: Bool = false, then: () -> Void = {}) {
        guard isNoted else {
            handle(event, by: viewModel, fromView: fromView)
            return then()
        }
        handling.append((ObjectIdentifier(viewModel), event))
        defer { handling.removeLast() }
        handle(event, by: viewModel, fromView: fromView)
        then()
    }

    /// Traces `event`, hands it to `onEvent`, and closes the modal that offered it: what the
    /// handler changes and the closing reach observers as one notification, so none sees the
    /// button's work done with its alert still up.
    private static func handle<Model: ViewModel>(_ event: Model.Event, by viewModel: Model, fromView: Bool) {
        let store = viewModel.readOnlyStore.base
        store.traceDelivered(event)
        guard fromView, let offering = (store.state as? any NavigationState)?.modal(offering: event) else {
            return viewModel.onEvent(event)
        }
        let holds = store.heldSince == nil   // else a mailbox's batch holds them, and releases them
        if holds { store.holdNotifications() }
        let watch = PresentationWatch(offering: offering)
        PresentationWatch.$current.withValue(watch) { viewModel.onEvent(event) }
        if !watch.presentedAgain, let closed = (store.state as? any NavigationState)?.closing(offering) as? Model.State {
            store.update { $0 = closed }
        }
        if holds { store.releaseHeldNotifications() }
    }

    /// Calls `viewModel.onEvent` with each of `events` in order, as ``deliver(_:to:)`` does; the
    /// state changes they make reach observers as one, at the end, noted as the last event's.
    static func deliver<Model: ViewModel>(_ events: [Model.Event], to viewModel: Model) {
        guard let last = events.last else { return }
        let store = viewModel.readOnlyStore.base
        store.holdNotifications()
        for event in events.dropLast() { deliver(event, to: viewModel) }
        deliver(last, to: viewModel, then: store.releaseHeldNotifications)
    }

    /// The innermost event `viewModel` is handling from the library now, if any.
    package static func event<Model: ViewModel>(handledBy viewModel: Model) -> Model.Event? {
        let id = ObjectIdentifier(viewModel)
        return handling.last { $0.viewModel == id }?.event as? Model.Event
    }
}
