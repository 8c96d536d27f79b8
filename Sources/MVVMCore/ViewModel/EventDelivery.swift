/// Delivers events a ViewModel receives from the library rather than from its view (a child's
/// delegate output, a mailbox) and says, while one is handled, which: a tester names it as the
/// cause of the state changes it makes (`ViewModelTester.receive(_:_:fileID:filePath:line:column:)`
/// with an event).
@MainActor
package enum EventDelivery {
    /// The events being handled now, the innermost last: whose, and which.
    private static var handling: [(viewModel: ObjectIdentifier, event: Any)] = []

    /// Whether a tester reads what is handled: set by the first `ViewModelTester` of the
    /// process. An app never makes one, so its events reach `onEvent` with nothing noted.
    package static var isNoted = false

    /// Calls `viewModel.onEvent(event)`, then `then`, noting `event` as what it handles until
    /// both return.
    static func deliver<Model: ViewModel>(_ event: Model.Event, to viewModel: Model, then: () -> Void = {}) {
        guard isNoted else {
            viewModel.onEvent(event)
            return then()
        }
        handling.append((ObjectIdentifier(viewModel), event))
        defer { handling.removeLast() }
        viewModel.onEvent(event)
        then()
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
