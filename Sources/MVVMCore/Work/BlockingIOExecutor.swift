import Foundation
import MVVMLocking

/// Where an actor that blocks on the disk (`fsync`, `flock`) runs its code: a thread of its own
/// while it has work, never a thread of the Swift concurrency pool, which has one thread per core.
/// A slow disk (`scripts/slow-disk`: every flush 100 ms) held a pool thread for each flush, and
/// two flushes stopped every task of a 2-core machine.
///
/// The actor stays a default actor; each of its entry points calls its isolated code through
/// ``call(_:_:)``, which prefers this executor for the call (SE-0417: a default actor runs on
/// its caller's preferred task executor). The actor's code never suspends in the middle of a
/// flush, so its calls still run one at a time, in full, as before.
///
/// ```swift
/// public actor FileCacheStore {
///     private nonisolated let io = BlockingIOExecutor(label: "mvvm.file-cache-store")
///     public nonisolated func save(_ entry: CacheEntry, for key: String) async throws(CacheStoreError) {
///         try await io.call(self) { store throws(CacheStoreError) in try store.write(entry, for: key) }
///     }
/// }
/// ```
///
/// **Under a test.** A test's work runs on an executor that counts its jobs, to know when the
/// work has run as far as it can (MVVMTesting's `TestWorkExecutor`). Such an executor registers
/// an I/O executor of its own (``register(_:for:)``) whose jobs it counts as its own; ``call(_:_:)``,
/// called from work that prefers it, prefers that one instead. So the flush runs off the main
/// thread and the test's settle still waits for it, and never for another test's flushes. A
/// caller with any other preference keeps it.
package final class BlockingIOExecutor: TaskExecutor {
    private struct Jobs: Sendable {
        var waiting: [UnownedJob] = []
        /// Whether a thread is running the jobs: one at most, so they run one at a time, in order.
        var isDraining = false
    }

    private let label: String
    private let jobs = Lock(Jobs())
    private let began: (@Sendable () -> Void)?
    private let ended: (@Sendable () -> Void)?

    /// An executor whose jobs run, one at a time, on a thread of its own named `label`.
    package convenience init(label: String) {
        self.init(label: label, began: nil, ended: nil)
    }

    /// An executor like ``init(label:)`` that calls `began` as each job is enqueued and `ended`
    /// once it has run: how a test's executor counts the jobs as its own.
    package init(label: String, began: (@Sendable () -> Void)?, ended: (@Sendable () -> Void)?) {
        self.label = label
        self.began = began
        self.ended = ended
    }

    /// Queues `job`, and starts a thread to run the queue if none is running. The thread ends
    /// when the queue is empty, so an idle executor holds no thread.
    ///
    /// A thread of its own, not a dispatch queue: on Linux, libdispatch's worker threads are
    /// the Swift pool's too, and two queues blocked in a flush held both threads of a 2-core
    /// machine (`BlockingIOTests`).
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        began?()
        let startsThread = jobs.withLock { jobs in
            jobs.waiting.append(job)
            guard !jobs.isDraining else { return false }
            jobs.isDraining = true
            return true
        }
        guard startsThread else { return }
        let thread = Thread { [self] in drain() }
        thread.name = label
        thread.start()
    }

    /// Runs the queued jobs until none is left.
    private func drain() {
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
            ended?()
        }
    }

    private func nextJob() -> UnownedJob? {
        jobs.withLock { jobs in
            guard !jobs.waiting.isEmpty else {
                jobs.isDraining = false
                return nil
            }
            return jobs.waiting.removeFirst()
        }
    }

    /// Runs `operation` (a call into the actor this executor serves, or a loop that calls it
    /// turn after turn) preferring this executor; from work that prefers a test's executor,
    /// preferring that test's I/O executor; from work with any other preference (work already
    /// on this executor), as it is.
    ///
    /// A loop whose every turn calls the actor (an outbox's delivery: read the head, mark it
    /// done) runs on this thread through `run`: each call is then a plain switch into the actor
    /// on the same thread, where a loop on the Swift pool hands every call to this thread and
    /// back, two thread wake-ups per call.
    package func run<T, Failure: Error>(_ operation: () async throws(Failure) -> T) async throws(Failure) -> T {
        let current = withUnsafeCurrentTask { $0?.unownedTaskExecutor }
        let preferred: BlockingIOExecutor
        if let current {
            guard let testIO = Self.testExecutors.withLock({ $0.last { $0.executor == current }?.io }) else {
                return try await operation()
            }
            preferred = testIO
        } else {
            preferred = self
        }
        return try await withTaskExecutorPreference(preferred) { () async throws(Failure) -> T in
            // Onto the preferred executor first. The preference alone moves nothing: a call into
            // an idle default actor, made at once, ran the actor's code on the caller's thread of
            // the pool, here (BlockingIOTests). A yield enqueues the task on the preferred
            // executor, and the actor's code then runs on its thread.
            await Task.yield()
            return try await operation()
        }
    }

    /// Runs `body` on `actor` (the actor this executor serves), through `run(_:)`: on this
    /// executor's thread, or a test's I/O thread. A store's entry point in one line.
    ///
    /// ```swift
    /// try await io.call(self) { store throws(CacheStoreError) in try store.write(entry, for: key) }
    /// ```
    package func call<A: Actor, T: Sendable, Failure: Error>(
        _ actor: A, _ body: @Sendable (isolated A) throws(Failure) -> T
    ) async throws(Failure) -> T {
        try await run { () async throws(Failure) -> T in try await Self.enter(actor, body) }
    }

    private static func enter<A: Actor, T: Sendable, Failure: Error>(
        _ actor: isolated A, _ body: (isolated A) throws(Failure) -> T
    ) throws(Failure) -> T {
        try body(actor)
    }

    /// Registers `io` as the I/O executor of `executor` (a test's): ``call(_:_:)`` prefers it for
    /// work that prefers `executor`. Registrations are never removed: a test's executor lives as
    /// long as the process (MVVMTesting keeps each).
    package static func register(_ io: BlockingIOExecutor, for executor: UnownedTaskExecutor) {
        testExecutors.withLock { $0.append((executor, io)) }
    }

    private static let testExecutors = Lock<[(executor: UnownedTaskExecutor, io: BlockingIOExecutor)]>([])
}
