import Dispatch
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
/// mutation, because Observation reports a change before the new value is stored. A change made
/// on another thread may be delivered by two runs, the second one a millisecond later, so that
/// the value that thread stores after the report is the last one `apply` sees (unless the thread
/// is held up for longer than that between announcing and storing it).
@MainActor
public func observe(_ apply: @escaping @MainActor () -> Void) -> ObservationToken {
    let token = ObservationToken()
    ObservationLoop(token: token, apply: apply).run()
    return token
}

/// One `withObservationTracking` re-arm after another, until its token goes away.
@MainActor
private final class ObservationLoop {
    weak var token: ObservationToken?
    let apply: @MainActor () -> Void
    /// Only the latest run's registration may trigger the next run.
    private var generation = 0
    /// How long after a change made on another thread the follow-up run waits for that thread
    /// to store the value Observation announced.
    private static let offMainFollowUpDelay = Duration.milliseconds(1)

    init(token: ObservationToken, apply: @escaping @MainActor () -> Void) {
        self.token = token
        self.apply = apply
    }

    func run() {
        guard let token, !token.isCancelled else { return }
        generation += 1
        let armed = generation
        withObservationTracking(apply) {
            // Observation calls this on the mutating thread, before the value is stored: hop to
            // the main actor, where the next run reads the new value. From another thread the
            // store may land after that run (measured: often after two main-actor turns), so
            // one more run follows once that thread has had a millisecond to store it.
            let offMain = !MainThreadMarker.isCurrent
            Task { @MainActor in
                guard armed == self.generation else { return }
                self.run()
                guard offMain else { return }
                let followUp = self.generation
                Task { @MainActor in
                    try? await Task.sleep(for: Self.offMainFollowUpDelay)
                    guard followUp == self.generation else { return }
                    self.run()
                }
            }
        }
    }
}

/// Tells whether code runs on the main queue (the main actor's executor) by a marker on it:
/// `Thread.isMainThread` is unreliable on Linux. Shared with the package's other modules.
package enum MainThreadMarker {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: 1)

    /// Whether the caller runs on the main queue.
    package static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == 1
    }
}
