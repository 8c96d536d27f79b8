import CustomDump
public import Logging
public import MVVMCore
import MVVMCustomDumpSupport

extension ViewModel {
    /// Logs this ViewModel's events and state changes through `logger` at `level`, for as long as
    /// the returned token is alive and not cancelled: TCA's `_printChanges()`, through swift-log.
    ///
    /// Each state change is logged as a diff of the state before and after it (swift-custom-dump,
    /// `−` old, `+` new); each event the library delivers (`send(_:)`, a mailbox, a child's
    /// delegate output) is logged before the changes it makes. `@Sensitive` fields print as
    /// `<redacted>`, here as everywhere.
    ///
    /// Off by default: nothing is logged, and nothing is computed, until this is called, and
    /// while `logger`'s level is above `level` no diff is made.
    ///
    /// ```swift
    /// #if DEBUG
    /// let changes = viewModel.logChanges(to: Logger(label: "registration"))
    /// #endif
    /// ```
    public func logChanges(to logger: Logger, level: Logger.Level = .debug) -> ObservationToken {
        let store = readOnlyStore.base
        let name = String(describing: Self.self)
        let previous = PreviousState(state)
        let subscription = store.subscribe(sendCurrent: false) { state in
            defer { previous.state = state }
            guard logger.logLevel <= level else { return }
            let diff = CustomDump.diff(previous.state, state)
                ?? "(no printed difference: only what is not printed changed, such as a @Sensitive field)"
            logger.log(level: level, "\(name) state changed:\n\(diff)")
        }
        // The token holds the subscription: releasing it ends both.
        let token = ObservationToken { [weak store] in
            subscription.cancel()
            store?.setEventTracer(nil)
        }
        store.setEventTracer { [weak token] event in
            guard let token, !token.isCancelled, logger.logLevel <= level else { return }
            var text = ""
            customDump(event, to: &text, maxDepth: 3)
            logger.log(level: level, "\(name) received \(text)")
        }
        return token
    }
}

/// The state before the next change, kept between deliveries.
@MainActor
private final class PreviousState<State> {
    var state: State

    init(_ state: State) {
        self.state = state
    }
}
