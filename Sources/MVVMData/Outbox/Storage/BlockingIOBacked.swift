import MVVMCore

/// A storage whose code runs on a `BlockingIOExecutor` of its own (``FileOutboxStorage``).
///
/// ``Outbox/deliver(isRetryable:send:)`` runs its loop there too: each turn reads the queue's
/// head and marks it done, two calls into the storage, and from that thread each is a switch
/// on the same thread. From the Swift pool, each call handed its work to the storage's thread
/// and back: four thread wake-ups per write delivered, which halved the rate of a replay and
/// made it depend on how the two threads met on the cores (`outbox/replay/*/file`).
protocol BlockingIOBacked: Sendable {
    /// The executor the storage's code runs on.
    var ioExecutor: BlockingIOExecutor { get }
}
