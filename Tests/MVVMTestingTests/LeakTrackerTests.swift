import MVVMCore
import MVVMTesting
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
            viewModel.onEvent(.greetTapped)   // in flight when everything goes away
            _ = token
        }
        await leaks.expectAllDeallocated()

        #expect(log.messages == [])
        #expect(leaks.aliveNames == [])
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
            viewModel.onEvent(.greetTappedCapturingStrongly)
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
