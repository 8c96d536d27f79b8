import Dispatch
import MVVMCore

/// Runs work on the main queue: at once when already there, else on its next turn.
///
/// This is how UI bindings should deliver (RxSwift's `MainScheduler`): a value produced on the
/// main queue reaches the view in the same turn, and one produced on a background queue hops
/// over, so a `@MainActor` subscriber never runs off the main thread.
enum MainQueue {
    /// Whether the caller runs on the main queue (the main actor's executor).
    static var isCurrent: Bool { MainThreadMarker.isCurrent }

    /// Runs `work` now if on the main queue, else asynchronously on it.
    static func run(_ work: @escaping @Sendable () -> Void) {
        if isCurrent {
            work()
        } else {
            DispatchQueue.main.async(execute: work)
        }
    }
}
