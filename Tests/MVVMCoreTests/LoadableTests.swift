import MVVMCore
import MVVMTestSupport
import MVVMTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct LoadableTests {
    let failure = ErrorPresentation(title: "Error", message: "Offline.")

    @Test func conveniencesForEachPhase() {
        let idle = Loadable<[Int]>.idle
        #expect(idle.value == nil && !idle.isLoading && idle.error == nil)

        let firstLoad = Loadable<[Int]>.loading()
        #expect(firstLoad.isLoading && !firstLoad.isRefreshing && firstLoad.value == nil)

        let loaded = Loadable<[Int]>.loaded([1, 2])
        #expect(loaded.value == [1, 2] && !loaded.isLoading && loaded.error?.message == nil)

        let failed = Loadable<[Int]>.failed(failure, previous: nil)
        #expect(failed.error == failure && failed.error?.message == "Offline." && failed.value == nil)
    }

    @Test func aRefreshKeepsTheOldValueVisibleWhileItReloads() {
        var users = Loadable<[String]>.loaded(["Ann"])
        users.startLoading()
        #expect(users == .loading(previous: ["Ann"]))
        #expect(users.isRefreshing)
        #expect(users.value == ["Ann"])

        users.finish(with: ["Ann", "Bob"])
        #expect(users == .loaded(["Ann", "Bob"]))
    }

    @Test func aFailedRefreshKeepsTheOldValueAndShowsTheError() {
        var users = Loadable<[String]>.loaded(["Ann"])
        users.startLoading()
        users.fail(with: failure)
        #expect(users == .failed(failure, previous: ["Ann"]))
        #expect(users.value == ["Ann"])
    }

    @Test func mapKeepsThePhase() {
        let refreshing = Loadable<[Int]>.loading(previous: [1, 2, 3])
        #expect(refreshing.map(\.count) == .loading(previous: 3))
        #expect(Loadable<[Int]>.failed(failure, previous: nil).map(\.count) == .failed(failure, previous: nil))
    }

    @Test func loadMovesThroughLoadingToLoaded() async {
        let clock = TestClock()
        let viewModel = SearchViewModel(repository: StubSearchRepository(clock: clock))
        let tester = ViewModelTester(viewModel, clock: clock)

        tester.send(.searchSubmitted("ann")) {
            $0.query = "ann"
            $0.results = .loading()
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.results = .loaded(.answer(to: "ann")) }
        await tester.finish()
    }

    @Test func loadTurnsAFailureIntoItsPresentationAndKeepsThePreviousValue() async {
        let clock = TestClock()
        let repository = StubSearchRepository(clock: clock, failing: { $0 == "bob" })
        let tester = ViewModelTester(SearchViewModel(repository: repository), clock: clock)

        tester.send(.searchSubmitted("ann")) {
            $0.query = "ann"
            $0.results = .loading()
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.results = .loaded(.answer(to: "ann")) }
        tester.send(.searchSubmitted("bob")) {
            $0.query = "bob"
            $0.results = .loading(previous: .answer(to: "ann"))
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.results = .failed(
                ErrorPresentation(title: "Search", message: "The search failed. Try again.", isRetryable: true),
                previous: .answer(to: "ann")
            )
        }
        await tester.finish()
    }

    @Test func aLoadCancelledByDisappearingShowsWhatItShowedBeforeAndAppearingLoadsAgain() async {
        let clock = TestClock()
        let viewModel = SearchViewModel(repository: StubSearchRepository(clock: clock, ignoresCancellation: true))
        let tester = ViewModelTester(viewModel, clock: clock)
        viewModel.appear()

        tester.send(.searchSubmitted("ann")) {
            $0.query = "ann"
            $0.results = .loading()
        }
        viewModel.disappear()
        await tester.receive { $0.results = .idle }   // no spinner waits for the view's return
        await clock.advance(by: .milliseconds(100))   // the cancelled answer arrives: it never lands

        viewModel.appear()
        tester.send(.searchSubmitted("ann")) { $0.results = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.results = .loaded(.answer(to: "ann")) }
        #expect(viewModel.appearCount == 2 && viewModel.disappearCount == 1)
        await tester.finish()
    }

    @Test func aCancelledReloadGoesBackToTheValueOrTheFailureShownBeforeIt() async {
        struct Screen: Equatable, Sendable { var value: Loadable<Int> }
        let failure = ErrorPresentation(title: "t", message: "m", isRetryable: true)
        for shown in [Loadable<Int>.loaded(1), .failed(failure, previous: 1), .failed(failure, previous: nil), .idle] {
            let clock = TestClock()
            let store = StateStore(Screen(value: shown), clock: clock)
            store.load(\.value, key: "value") {
                try await clock.sleep(for: .seconds(1))
                return 2
            }
            #expect(store.state.value.isLoading)
            store.cancelAllWork()
            #expect(store.state.value == shown)
            #expect(store.isIdle)
        }
    }

    @Test func cancellingQueuedLoadsPutsBackTheNewestValueShownNotAnOlderOne() async {
        struct Screen: Equatable, Sendable { var value: Loadable<Int> = .loaded(0) }
        let clock = TestClock()
        let store = StateStore(Screen(), clock: clock)
        store.load(\.value, key: "value", policy: .queue) { try await clock.sleep(for: .seconds(1)); return 1 }
        store.load(\.value, key: "value", policy: .queue) { try await clock.sleep(for: .seconds(10)); return 2 }
        #expect(await waitUntilSleeping(clock))
        await clock.advance(by: .seconds(1))
        #expect(store.state.value == .loaded(1))   // the first landed; the second runs
        store.load(\.value, key: "value", policy: .queue) { 3 }
        #expect(store.state.value == .loading(previous: 1))

        store.cancelAllWork()

        #expect(store.state.value == .loaded(1))   // not the 0 shown before the second load
    }

    @Test func aLoadReplacedByANewerOneKeepsTheSpinnerForTheNewerOne() async {
        struct Screen: Equatable, Sendable { var value: Loadable<Int> = .loaded(1) }
        let clock = TestClock()
        let store = StateStore(Screen(), clock: clock)
        store.load(\.value, key: "value") { try await clock.sleep(for: .seconds(1)); return 2 }
        store.load(\.value, key: "value") { try await clock.sleep(for: .seconds(1)); return 3 }
        #expect(store.state.value == .loading(previous: 1))
        await clock.advance(by: .zero)
        #expect(await advanceUntilIdle(store, clock: clock))
        #expect(store.state.value == .loaded(3))
    }

    @Test func aDebouncedLoadCancelledWhileWaitingLeavesNoSpinner() async {
        let clock = TestClock()
        let viewModel = SearchViewModel(repository: StubSearchRepository(clock: clock))
        let tester = ViewModelTester(viewModel, clock: clock)
        tester.send(.searchTextChanged("a")) { $0.query = "a"; $0.results = .loading() }
        viewModel.disappear()
        await tester.receive { $0.results = .idle }
        await tester.finish()
    }

    @Test func cancelLoadingGoesBackToWhatWasShown() {
        var first = Loadable<Int>.loading()
        first.cancelLoading()
        #expect(first == .idle)

        var refresh = Loadable<Int>.loading(previous: 3)
        refresh.cancelLoading()
        #expect(refresh == .loaded(3))

        var failed = Loadable<Int>.failed(ErrorPresentation(title: "t", message: "m"), previous: nil)
        failed.cancelLoading()
        #expect(failed == .failed(ErrorPresentation(title: "t", message: "m"), previous: nil))
    }

    @Test func aCancellationErrorFromWorkThatWasNotCancelledLeavesNoSpinner() async {
        struct Screen: Equatable, Sendable { var value: Loadable<Int> = .loaded(7) }
        let store = StateStore(Screen(), clock: TestClock())

        store.load(\.value, key: "value") { throw CancellationError() }
        #expect(store.state.value == .loading(previous: 7))
        #expect(await waitUntilIdle(store))

        #expect(store.state.value == .loaded(7))
    }

    @Test func loadWithDropWhileRunningLeavesTheLoadInFlightAlone() async {
        struct Screen: Equatable, Sendable { var value: Loadable<Int> = .idle }
        let clock = TestClock()
        let store = StateStore(Screen(), clock: clock)
        let first = store.load(\.value, key: "value", policy: .dropWhileRunning) {
            try await clock.sleep(for: .seconds(1))
            return 1
        }
        let second = store.load(\.value, key: "value", policy: .dropWhileRunning) { 2 }
        #expect(first && !second)
        #expect(await waitUntilSleeping(clock))   // the first load is waiting on the clock
        await clock.advance(by: .seconds(1))
        #expect(await waitUntilIdle(store))
        #expect(store.state.value == .loaded(1))
    }
}
