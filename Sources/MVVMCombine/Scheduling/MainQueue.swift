import Dispatch

/// Runs work on the main queue: at once when already there, else on its next turn.
///
/// This is how UI bindings should deliver (RxSwift's `MainScheduler`): a value produced on the
/// main queue reaches the view in the same turn, and one produced on a background queue hops
/// over, so a `@MainActor` subscriber never runs off the main thread.
enum MainQueue {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let marker: UInt8 = 1
    private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: marker)

    /// Whether the caller runs on the main queue (the main actor's executor).
    ///
    /// `Thread.isMainThread` is unreliable on Linux; the main queue's own marker is not.
    static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == marker
    }

    /// Runs `work` now if on the main queue, else asynchronously on it.
    static func run(_ work: @escaping @Sendable () -> Void) {
        if isCurrent {
            work()
        } else {
            DispatchQueue.main.async(execute: work)
        }
    }
}
