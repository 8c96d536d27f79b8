import MVVMCore
import MVVMTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ViewModelLifecycleTests {
    @Test func appearCallsTheHook() {
        let viewModel = SearchViewModel(repository: StubSearchRepository(clock: TestClock()))
        viewModel.appear()
        #expect(viewModel.appearCount == 1)
    }

    @Test func disappearCallsTheHookThenCancelsAllWork() async {
        let clock = TestClock()
        let viewModel = SearchViewModel(repository: StubSearchRepository(clock: clock))
        viewModel.appear()
        viewModel.send(.searchTextChanged("a"))
        #expect(viewModel.readOnlyStore.base.isRunning("search"))

        viewModel.disappear()

        #expect(viewModel.disappearCount == 1)
        #expect(viewModel.readOnlyStore.base.isIdle)
    }

    @Test func theViewModelGoesAwayWithItsObserversAndWorkInFlight() async {
        let leaks = LeakTracker()
        do {
            let clock = TestClock()
            let repository = StubSearchRepository(clock: clock)
            let viewModel = SearchViewModel(repository: repository)
            leaks.track(viewModel, "view model")
            leaks.track(viewModel.readOnlyStore.base, "store")
            leaks.track(repository, "repository")
            let token = viewModel.subscribe { _ in }
            let stream = viewModel.states
            viewModel.appear()
            viewModel.send(.searchSubmitted("ann"))
            _ = (token, stream)
        }
        await leaks.expectAllDeallocated()
    }

    @Test func sendIsOnEvent() {
        let viewModel = CounterViewModel()
        viewModel.send(.incrementTapped)
        viewModel.send(.incrementTapped)
        #expect(viewModel.state.count == 2)
    }
}
