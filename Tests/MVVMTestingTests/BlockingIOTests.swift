import Dispatch
import Foundation
import MVVMCore
@testable import MVVMTesting
import Synchronization
import Testing

/// File stores run their blocking calls (`fsync`, `flock`) through `BlockingIOExecutor`: on a
/// thread of their own, never on a thread of the Swift concurrency pool; under a test, on the
/// test's own I/O thread, which its settle waits for. Here a semaphore stands in for a slow flush.
/// Each wait gives up after 60 s (under ThreadSanitizer, a whole parallel run can keep the pool
/// and the main queue busy for many seconds), so a wrong build fails instead of hanging.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct BlockingIOTests {
    /// A default actor whose one call blocks, as a file store's flush on a slow disk does.
    actor SlowDisk {
        private nonisolated let io = BlockingIOExecutor(label: "test.slow-disk")
        private(set) var flushes = 0

        /// Blocks until `gate` is signalled (60 s at most), after signalling `entered`; returns
        /// whether `gate` was signalled.
        nonisolated func flush(entered: DispatchSemaphore? = nil, gate: DispatchSemaphore) async -> Bool {
            await io.call(self) { disk in disk.blockingFlush(entered: entered, gate: gate) }
        }

        private func blockingFlush(entered: DispatchSemaphore?, gate: DispatchSemaphore) -> Bool {
            entered?.signal()
            let opened = gate.wait(timeout: .now() + 60) == .success
            flushes += 1
            return opened
        }
    }

    @Test func blockingCallsHoldNoThreadOfTheSwiftPool() async {
        // More flushes blocked at once than the pool has threads: on the pool, the ones past its
        // width would wait for a thread and never signal that they entered.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let disks = (0..<count).map { _ in SlowDisk() }
        let (entered, gate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let flushes = disks.map { disk in Task.detached { await disk.flush(entered: entered, gate: gate) } }
        let allEntered = await Self.waitOnOwnThread { (0..<count).allSatisfy { _ in entered.wait(timeout: .now() + 60) == .success } }
        for _ in 0..<count { gate.signal() }
        var opened: [Bool] = []
        for flush in flushes { opened.append(await flush.value) }

        #expect(allEntered, "fewer than \(count) blocking calls ran at once")
        #expect(opened == Array(repeating: true, count: count))
    }

    @Test func aBlockingCallTheTestsWorkMadeIsTheTestsWorkUntilItEndsAndASettleWaitsForIt() async {
        let clock = TestClock()
        let disk = SlowDisk()
        let (entered, gate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let done = Atomic<Bool>(false)
        let work = Task(executorPreference: clock.executor) {
            let opened = await disk.flush(entered: entered, gate: gate)
            done.store(true, ordering: .sequentiallyConsistent)
            return opened
        }
        // The flush blocks a thread of its own, not the main one: this test goes on, and sees
        // the flush counted as the work of the test's executor while it blocks.
        let didEnter = await Self.waitOnOwnThread { entered.wait(timeout: .now() + 60) == .success }
        let countedWhileBlocked = clock.executor.hasUnfinishedJobs
        gate.signal()
        let quiet = await clock.executor.settle()
        let workDone = done.load(ordering: .sequentiallyConsistent)

        #expect(didEnter)
        #expect(countedWhileBlocked, "a blocked flush of the test's work was not counted as its work")
        #expect(quiet)
        #expect(workDone, "the settle returned before the work after the flush ran")
        #expect(await work.value)
        #expect(await disk.flushes == 1)
    }

    /// Runs `body` on a thread of its own (not the Swift pool, which the test may have filled).
    private static func waitOnOwnThread(_ body: @escaping @Sendable () -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
