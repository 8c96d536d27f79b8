import MVVMCore
import MVVMTesting
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct LeakTrackerTests {
    @Test func aViewModelAndWhatItCapturedGoAwayWithTheirObservers() async {
        let log = FailureLog()
        let leaks = LeakTracker(reporter: log.reporter)
        do {
            let clock = TestClock()
            let viewModel = GreetingViewModel(clock: clock)
            leaks.track(viewModel, "view model")
            leaks.track(clock, "clock")
            let token = viewModel.subscribe { _ in }
            viewModel.appear()
            viewModel.send(.greetTapped)   // in flight when everything goes away
            _ = token
        }
        await leaks.expectAllDeallocated()

        #expect(log.messages == [])
        #expect(leaks.aliveNames == [])
    }

    /// Another test's work that never settles (its tasks keep running on their own executor)
    /// does not hold a leak check up: with nothing leaked, the check returns as soon as every
    /// tracked object is gone; with a leak, at its timeout. Before, it waited for the whole
    /// process to be quiet: in CI's ThreadSanitizer run, every leak test timed out at 2 minutes
    /// behind the other suites' work.
    @Test func otherTestsBusyWorkDoesNotHoldTheCheckUp() async {
        // Work of another test: nonisolated, so each of its turns is a job on its test executor.
        let turns = Turns()
        let busy = StateStore(0, clock: TestClock())
        busy.run("spin") { await turns.spin() }
        defer { busy.cancelAllWork() }
        while turns.count < 10 { await Task.yield() }

        let log = FailureLog()
        let leaks = LeakTracker(timeout: .seconds(30), reporter: log.reporter)
        do {
            let viewModel = GreetingViewModel(clock: TestClock())
            leaks.track(viewModel, "view model")
        }
        let before = turns.count
        await leaks.expectAllDeallocated()
        #expect(log.messages == [])
        #expect(turns.count - before < 100, "returned at once, not after the busy work settled (never)")

        let held = Dependency()
        let leaking = LeakTracker(timeout: .milliseconds(20), reporter: log.reporter)
        leaking.track(held, "held")
        await leaking.expectAllDeallocated()
        #expect(leaking.aliveNames == ["held"], "reported at its timeout, while the other work still runs")
        withExtendedLifetime(held) {}
    }

    @Test func anObjectStillHeldIsReportedByName() async {
        let log = FailureLog()
        let leaks = LeakTracker(timeout: .milliseconds(20), reporter: log.reporter)
        let held = Dependency()
        leaks.track(held, "repository")

        await leaks.expectAllDeallocated()

        #expect(log.messages == [
            "repository was not deallocated: something still holds it "
                + "(a task capturing self strongly, an observer closure, a retain cycle).",
        ])
        #expect(leaks.aliveNames == ["repository"])
        withExtendedLifetime(held) {}
    }

    @Test func workThatCapturesTheStoreStronglyIsCaught() async {
        let log = FailureLog()
        let leaks = LeakTracker(timeout: .milliseconds(20), reporter: log.reporter)
        let clock = TestClock()
        do {
            let viewModel = GreetingViewModel(clock: clock)
            leaks.track(viewModel.readOnlyStore.base, "store")
            viewModel.send(.greetTappedCapturingStrongly)
        }
        await leaks.expectAllDeallocated()

        #expect(log.messages.count == 1)
        #expect(log.messages.first?.hasPrefix("store was not deallocated") == true)
        await clock.advance(by: .seconds(3600))   // lets the stranded work end
    }

    @Test func aRetainCycleThroughAnObserverIsCaught() async {
        let log = FailureLog()
        let leaks = LeakTracker(timeout: .milliseconds(20), reporter: log.reporter)
        var tokens: [ObservationToken] = []
        do {
            let viewModel = GreetingViewModel(clock: TestClock())
            leaks.track(viewModel, "view model")
            // The mistake the tracker exists for: the store keeps the observer, the observer
            // keeps the ViewModel, and the token is kept outside.
            viewModel.subscribe { _ in _ = viewModel.state }.store(in: &tokens)
        }
        await leaks.expectAllDeallocated()

        #expect(log.messages.count == 1)
        #expect(log.messages.first?.hasPrefix("view model was not deallocated") == true)
        tokens.forEach { $0.cancel() }
    }
}

/// Counts the turns of a loop that yields until it is cancelled.
final class Turns: Sendable {
    private let value = Atomic<Int>(0)

    var count: Int { value.load(ordering: .relaxed) }

    nonisolated func spin() async {
        while !Task.isCancelled {
            value.add(1, ordering: .relaxed)
            await Task.yield()
        }
    }
}
