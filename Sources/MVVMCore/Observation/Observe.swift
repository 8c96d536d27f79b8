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
/// **Follow changes made on the main actor.** Observation announces a change before it stores
/// the new value, and `observe` runs `apply` again on the main actor's next turn, never inside
/// the mutation. A change made on the main actor (every ViewModel's state, every `@MainActor`
/// model) has been stored by then, so `apply` always reads it: nothing is missed and no run is
/// wasted, with no timer involved (`ObserveTests`).
///
/// A change made on another thread (possible only through `@unchecked Sendable`,
/// `nonisolated(unsafe)` or a model that locks by hand: Swift 6 rejects the rest) is announced on that thread; `apply`
/// still runs on the main actor, but may run before that thread stores the value, and
/// Observation's public API gives no signal after the store to run it again. Make such a model
/// `@MainActor`, or hand its changes to the main actor (a store's `MainActorMailbox` does, in
/// order). `docs/Platforms.md` ("Observation's announce-then-store") says why no delay closes
/// that race.
@MainActor
public func observe(_ apply: @escaping @MainActor () -> Void) -> ObservationToken {
    let token = ObserveToken(apply: apply)
    ObservationLoop(token: token).run()
    return token
}

/// The token ``observe(_:)`` returns: it, not the loop, holds `apply`. Observation keeps the
/// loop registered in what `apply` read until the next change, so a loop holding `apply` would
/// keep whatever `apply` captured (often the ViewModel, and so its store) alive after the token
/// is gone. Released or cancelled, the token lets go of `apply` at once
/// (`ObserveTests.releasingTheTokenLetsAStronglyCapturedStoreGo`).
@MainActor
private final class ObserveToken: ObservationToken {
    private(set) var apply: (@MainActor () -> Void)?

    init(apply: @escaping @MainActor () -> Void) {
        self.apply = apply
        super.init()
    }

    override func cancel() {
        super.cancel()
        apply = nil
    }
}

/// One `withObservationTracking` re-arm after another, until its token goes away.
@MainActor
private final class ObservationLoop {
    weak var token: ObserveToken?
    /// Only the latest run's registration may trigger the next run.
    private var generation = 0

    init(token: ObserveToken) {
        self.token = token
    }

    func run() {
        guard let token, !token.isCancelled, let apply = token.apply else { return }
        generation += 1
        let armed = generation
        withObservationTracking(apply) {
            // Called inside the mutation, before the value is stored: the next run waits for
            // the main actor's next turn, after the mutation (made on the main actor) ends.
            Task { @MainActor in
                guard armed == self.generation else { return }
                self.run()
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
