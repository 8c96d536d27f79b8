import Observation

/// Runs `apply` now and again whenever an `@Observable` value it read changes.
///
/// This is `withObservationTracking` made continuous, for imperative views (UIKit, AppKit, the
/// terminal layer) that have no SwiftUI to re-run them:
///
/// - `apply` runs on the main actor, immediately and then after each change to something it read
///   on its last run (what it reads may differ from run to run);
/// - several changes made before the next run are coalesced into one run;
/// - it stops when the returned token is cancelled or released.
///
/// ```swift
/// let token = observe { [weak self] in
///     guard let self else { return }
///     titleLabel.text = viewModel.state.title
/// }
/// ```
///
/// Changes are delivered on the main actor's next turn, never synchronously inside the
/// mutation, because Observation reports a change before the new value is stored.
@MainActor
@discardableResult
public func observe(_ apply: @escaping @MainActor () -> Void) -> ObservationToken {
    let token = ObservationToken()
    ObservationLoop(token: token, apply: apply).run()
    return token
}

/// One `withObservationTracking` re-arm after another, until its token goes away.
@MainActor
private struct ObservationLoop {
    weak var token: ObservationToken?
    let apply: @MainActor () -> Void

    func run() {
        guard let token, !token.isCancelled else { return }
        withObservationTracking(apply) {
            // Observation calls this on the mutating thread, before the value changes:
            // hop to the main actor, where the next run reads the new value.
            Task { @MainActor in self.run() }
        }
    }
}
