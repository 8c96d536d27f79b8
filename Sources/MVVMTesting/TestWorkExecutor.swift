import Dispatch
import MVVMCore
import MVVMLocking
import Synchronization

/// The executor a test runs a ViewModel's work on, so that it knows, without a wall clock, when
/// that work has run as far as it can.
///
/// **What runs here.** Owned work started under a ``ViewModelTester``, or by a store whose clock
/// is a ``TestClock``, prefers this executor (`Task(executorPreference:)`). Its nonisolated
/// async code and the methods of default actors it calls (a stub repository, an outbox) run
/// here instead of on the global concurrent pool; its main-actor code runs on the main actor as
/// always. Each job goes to the main queue, so a test's work runs on one thread, in order.
///
/// **Settling.** ``settle()`` yields the main actor until a number of turns in a row pass in
/// which this executor received no job and has none waiting. A job for this work is then either
/// waiting on the main queue, ahead of the settling task, or does not exist: the work has
/// finished, or it waits for something only the test can give (a ``TestClock`` advance, a stub's
/// answer). Main-actor work that hops only between main-actor tasks, without touching this
/// executor (a `Task { @MainActor in }` started by main-actor code), is caught by the turns in a
/// row: each turn runs every main-queue job enqueued before it.
///
/// **Parallel tests.** Each tester and each test clock has its own executor and counters, so a
/// test's settling never waits on, or is fooled by, another test's work: no process-wide hook is
/// installed (unlike `withMainSerialExecutor`, which swaps the global executor for every test
/// running at the time). Work that this executor never sees (a `Task.detached`, a real socket,
/// a Dispatch queue) is outside what a settle waits for; a file store's blocking calls are
/// inside it (`BlockingIOExecutor`: they run on this executor's own I/O thread, counted here).
package final class TestWorkExecutor: TaskExecutor {
    /// Turns of the main actor in a row, with no job received or waiting, that make a settle.
    static let quietTurns = 8
    /// Turns after which a settle gives up: work that never stops (a loop that polls without
    /// waiting on the test clock). A last-resort guard; it counts turns, not time.
    static let turnLimit = 200_000

    private let received = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)

    /// Every executor ever made. A task's executor preference does not keep its executor alive
    /// (SE-0417), and work can outlive its test (a task sleeping on a clock nobody advances), so
    /// none is ever freed: each is a few words.
    private static let all = Lock<[TestWorkExecutor]>([])

    package init() {
        Self.all.withLock { $0.append(self) }
        // File stores' blocking calls (fsync, flock) made by this work run on a thread of their
        // own, off the main queue, and count here as jobs of this executor: a settle waits for
        // them (BlockingIOExecutor).
        let io = BlockingIOExecutor(
            label: "mvvm.test-work.blocking-io",
            began: { self.received.add(1, ordering: .sequentiallyConsistent) },
            ended: { self.finished.add(1, ordering: .sequentiallyConsistent) }
        )
        BlockingIOExecutor.register(io, for: asUnownedTaskExecutor())
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        received.add(1, ordering: .sequentiallyConsistent)
        let job = UnownedJob(job)
        DispatchQueue.main.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.finished.add(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Whether a job enqueued here (or on this executor's I/O thread) has not finished: work of
    /// the test is queued or running.
    package var hasUnfinishedJobs: Bool {
        finished.load(ordering: .sequentiallyConsistent) != received.load(ordering: .sequentiallyConsistent)
    }

    /// Lets this executor's work run until it has finished or waits on something the test
    /// controls; see the type's documentation.
    /// - Returns: `false` when the work never stopped within ``turnLimit`` turns.
    @MainActor
    @discardableResult
    package func settle() async -> Bool {
        // A test's own task may prefer this executor (`TestClock.perform`); its turns here must not
        // count as work, so it settles with no preference.
        await withTaskExecutorPreference(globalConcurrentExecutor) {
            await settleTurns()
        }
    }

    @MainActor
    private func settleTurns() async -> Bool {
        var quiet = 0
        var turns = 0
        while quiet < Self.quietTurns {
            let before = received.load(ordering: .sequentiallyConsistent)
            await Task.yield()
            turns += 1
            let after = received.load(ordering: .sequentiallyConsistent)
            if after == before && finished.load(ordering: .sequentiallyConsistent) == after {
                quiet += 1
            } else {
                quiet = 0
            }
            if turns >= Self.turnLimit { return false }
        }
        return true
    }

    /// Settles every test executor of the process at once: for what ends after a test lets go
    /// of its ViewModel (`LeakTracker`). Quiet means that no executor received a job, and none
    /// has one waiting, for ``quietTurns`` turns in a row. It stops sooner once `isDone` holds
    /// (what the caller waits for has happened: other tests' work is not waited for), or once
    /// `timeout` has passed, a bound that only fails a test (work of other tests running in
    /// parallel keeps the process from ever being quiet for long: under ThreadSanitizer, past the
    /// leak tests' 2-minute limits). The wall clock is read only after ``turnsBeforeTimeout``
    /// turns without `isDone`: a passing test's objects go long before.
    /// - Returns: `false` when some executor's work never stopped within ``turnLimit`` turns or
    ///   before `timeout` passed.
    @MainActor
    @discardableResult
    package static func settleAll(until isDone: @MainActor () -> Bool = { false }, timeout: Duration? = nil) async -> Bool {
        await withTaskExecutorPreference(globalConcurrentExecutor) {
            await settleAllTurns(until: isDone, timeout: timeout)
        }
    }

    /// How many turns ``settleAll(until:timeout:)`` takes before it first reads the wall clock.
    package static let turnsBeforeTimeout = 4_096

    @MainActor
    private static func settleAllTurns(until isDone: @MainActor () -> Bool, timeout: Duration?) async -> Bool {
        func counts() -> (received: Int, finished: Int) {
            all.withLock { executors in
                executors.reduce(into: (0, 0)) { sum, executor in
                    sum.0 += executor.received.load(ordering: .sequentiallyConsistent)
                    sum.1 += executor.finished.load(ordering: .sequentiallyConsistent)
                }
            }
        }
        var quiet = 0
        var turns = 0
        var deadline: ContinuousClock.Instant?
        while quiet < quietTurns {
            if isDone() { return true }
            if let timeout, turns >= turnsBeforeTimeout {
                // Measured from here: the turns before took a moment at most.
                if deadline == nil { deadline = ContinuousClock.now + timeout }
                if let deadline, ContinuousClock.now >= deadline { return false }
            }
            let before = counts()
            await Task.yield()
            turns += 1
            let after = counts()
            quiet = after.received == before.received && after.finished == after.received ? quiet + 1 : 0
            if turns >= turnLimit { return false }
        }
        return true
    }
}
