import Dispatch
import MVVMLocking

/// The serial executor of an actor whose methods block on the disk (`fsync`, `flock`): its jobs
/// run on a serial dispatch queue of its own, never on a thread of the Swift concurrency pool,
/// which has one thread per core. A slow disk (`scripts/slow-disk`: every flush 100 ms) held a
/// pool thread for each flush, and two flushes stopped every task of a 2-core machine.
///
/// ```swift
/// public actor FileCacheStore {
///     private nonisolated let executor = BlockingIOExecutor(label: "mvvm.file-cache")
///     public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
/// }
/// ```
///
/// A test's settle (`TestWorkExecutor`, MVVMTesting) waits until no job of any such executor is
/// queued or running (``isIdle``), so file I/O started by a test's work is waited for as if it
/// ran on the test's executor: a settle never ends in the middle of a flush.
package final class BlockingIOExecutor: SerialExecutor {
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    package init(label: String) {
        queue = DispatchQueue(label: label)
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        Self.inFlight.withLock { $0 += 1 }
        queue.async {
            job.runSynchronously(on: self.asUnownedSerialExecutor())
            Self.inFlight.withLock { $0 -= 1 }
        }
    }

    /// Whether no job of any blocking-I/O executor in the process is queued or running.
    package static var isIdle: Bool {
        inFlight.withLock { $0 == 0 }
    }

    /// Jobs enqueued on every such executor and not finished.
    private static let inFlight = Lock(0)
}
