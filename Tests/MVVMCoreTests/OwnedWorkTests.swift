import MVVMCore
import MVVMTestSupport
import MVVMTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct OwnedWorkTests {
    struct Log: Equatable, Sendable {
        var entries: [String] = []
    }

    @Test func latestWinsCancelsThePreviousWorkAndItsUpdateIsDropped() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        let firstSawCancellation = LockedValue(false)

        store.run("search") {
            do { try await clock.sleep(for: .seconds(1)) } catch {
                firstSawCancellation.withValue { $0 = true }
            }
            // Even ignoring cancellation, its write must not land.
            store.update { $0.entries.append("first") }
        }
        #expect(await waitUntilSleeping(clock))   // the first search is in flight
        store.run("search") {
            try? await clock.sleep(for: .seconds(1))
            store.update { $0.entries.append("second") }
        }
        await clock.advance(by: .zero)
        await clock.advance(by: .seconds(1))
        #expect(await waitUntilIdle(store))

        #expect(store.state.entries == ["second"])
        #expect(firstSawCancellation.value)
    }

    @Test func cancelledWorkOfOneStoreStillLetsAnotherStoreFollowSharedData() async {
        // The detail's load is cancelled as its answer arrives; the answer goes into data every
        // screen reads, and the list, another store, must follow it (before issue 26 the list's
        // update was dropped: the cancelled-work check was for every store).
        let clock = TestClock()
        let detail = StateStore(Log(), clock: clock)
        let list = StateStore(Log(), clock: clock)
        detail.run("load") {
            try? await clock.sleep(for: .seconds(1))   // cancelled meanwhile: returns at once
            detail.update { $0.entries.append("detail") }   // its own screen: dropped
            list.update { $0.entries.append("shared data changed") }
        }
        #expect(await waitUntilSleeping(clock))
        detail.cancelAllWork()
        await clock.advance()   // the cancelled work goes on to its end
        #expect(!list.state.entries.isEmpty)

        #expect(detail.state.entries == [])
        #expect(list.state.entries == ["shared data changed"])
    }

    @Test func dropWhileRunningIgnoresNewWorkUntilTheFirstFinishes() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)

        let started = [1, 2, 3].map { n in
            store.run("loadMore", policy: .dropWhileRunning) {
                try? await clock.sleep(for: .seconds(1))
                store.update { $0.entries.append("page \(n)") }
            }
        }
        #expect(started == [true, false, false])
        await clock.advance(by: .zero)
        await clock.advance(by: .seconds(1))
        #expect(await waitUntilIdle(store))
        let again = store.run("loadMore", policy: .dropWhileRunning) {
            store.update { $0.entries.append("page 4") }
        }

        #expect(again)
        #expect(await waitUntilIdle(store))
        #expect(store.state.entries == ["page 1", "page 4"])
    }

    @Test func queueRunsWorkInTheOrderItStartedEvenWhenLaterWorkIsFaster() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        let latencies: [Duration] = [.seconds(3), .seconds(1), .seconds(2)]
        for (index, latency) in latencies.enumerated() {
            store.run("save", policy: .queue) {
                store.update { $0.entries.append("start \(index)") }
                try? await clock.sleep(for: latency)
                store.update { $0.entries.append("end \(index)") }
            }
        }
        await clock.advance(by: .zero)
        #expect(await advanceUntilIdle(store, clock: clock))

        #expect(store.state.entries == ["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"])
    }

    @Test func differentKeysRunSideBySide() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        store.run("a") { try? await clock.sleep(for: .seconds(2)); store.update { $0.entries.append("a") } }
        store.run("b") { try? await clock.sleep(for: .seconds(1)); store.update { $0.entries.append("b") } }
        #expect(store.runningWorkKeys.map(\.description) == ["a", "b"])
        await clock.advance(by: .zero)
        #expect(await advanceUntilIdle(store, clock: clock))
        #expect(store.state.entries == ["b", "a"])
    }

    @Test func cancellingAllWorkCancelsEveryKeyAndNoCancelledWorkWrites() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        store.run("a") { try? await clock.sleep(for: .seconds(1)); store.update { $0.entries.append("a") } }
        store.run("b", policy: .queue) { try? await clock.sleep(for: .seconds(1)); store.update { $0.entries.append("b") } }
        store.run("c", policy: .debounce(for: .seconds(1))) { store.update { $0.entries.append("c") } }
        store.run("d", policy: .throttle(for: .seconds(1))) { try? await clock.sleep(for: .seconds(1)); store.update { $0.entries.append("d") } }
        #expect(store.runningWorkKeys.count == 4)

        store.cancelAllWork()

        #expect(store.isIdle)
        await clock.advance(by: .zero)
        await clock.advance(by: .seconds(3600))
        await clock.advance(by: .zero)
        #expect(store.state.entries == [])
    }

    @Test func cancelWorkCancelsOneKeyOnly() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        store.run("a") { try? await clock.sleep(for: .seconds(1)); store.update { $0.entries.append("a") } }
        store.run("b") { try? await clock.sleep(for: .seconds(1)); store.update { $0.entries.append("b") } }
        store.cancelWork("a")
        #expect(store.isRunning("a") == false)
        #expect(store.isRunning("b"))
        await clock.advance(by: .zero)
        #expect(await advanceUntilIdle(store, clock: clock))
        #expect(store.state.entries == ["b"])
    }

    @Test func workStartsOnTheNextTurnNeverInsideRun() async {
        let store = StateStore(Log(), clock: TestClock())
        store.run("sync") { store.update { $0.entries.append("done") } }
        #expect(store.state.entries == [])
        #expect(store.isRunning("sync"))
        #expect(await waitUntilIdle(store))
        #expect(store.state.entries == ["done"])
    }

    @Test func anEditThatCancelsWorkIsOneNotificationWithTheWorksOnCancel() async {
        struct Form: Equatable { var text = ""; var isSubmitting = false }
        let clock = TestClock()
        let store = StateStore(Form(), clock: clock)
        store.update { $0.isSubmitting = true }
        store.run("submit", onCancel: { $0.isSubmitting = false }) { try? await clock.sleep(for: .seconds(1)) }
        var seen: [Form] = []
        let token = store.subscribe(sendCurrent: false) { seen.append($0) }

        store.update(cancelling: "submit") { $0.text = "a" }
        store.update(cancelling: "submit") { $0.text = "ab" }   // nothing left to cancel: a plain update

        #expect(seen == [Form(text: "a", isSubmitting: false), Form(text: "ab", isSubmitting: false)])
        #expect(store.isIdle)
        token.cancel()
    }

    @Test func anEditMadeByCancelledWorkIsDroppedButTheWorkItCancelsIsPutBack() async {
        struct Form: Equatable { var text = ""; var isSubmitting = true }
        let clock = TestClock()
        let store = StateStore(Form(), clock: clock)
        store.run("submit", onCancel: { $0.isSubmitting = false }) { try? await clock.sleep(for: .seconds(1)) }
        store.run("stale") {
            try? await clock.sleep(for: .seconds(1))   // cancelled meanwhile: its edit must not land
            store.update(cancelling: "submit") { $0.text = "stale" }
        }
        #expect(await waitUntilSleeping(clock))
        #expect(Set(store.runningWorkKeys) == [WorkKey("submit"), WorkKey("stale")])
        store.cancelWork("stale")
        #expect(await waitUntilIdle(store))

        #expect(store.state == Form(text: "", isSubmitting: false))
    }

    @Test func cancellingWorkWithoutOnCancelNotifiesNobody() async {
        final class Box { var value = 0 }   // not Equatable: any update would notify
        let store = StateStore(Box())
        store.run("a") {}
        var notifications = 0
        let token = store.subscribe(sendCurrent: false) { _ in notifications += 1 }
        store.cancelWork("a")
        store.run("b") {}
        store.cancelAllWork()
        #expect(notifications == 0)
        token.cancel()
    }

    @Test func workCancelledBeforeItsTurnNeverRuns() async {
        let store = StateStore(Log(), clock: TestClock())
        store.run("a") { store.update { $0.entries.append("replaced") } }
        store.run("a") { store.update { $0.entries.append("latest") } }
        store.run("b") { store.update { $0.entries.append("cancelled") } }
        store.cancelWork("b")
        #expect(await waitUntilIdle(store))
        #expect(store.state.entries == ["latest"])
    }

    @Test func deallocatingTheViewModelCancelsItsWorkInFlight() async {
        let clock = TestClock()
        let reachedEnd = LockedValue(false)
        let wasCancelled = LockedValue(false)
        var viewModel: SearchViewModel? = SearchViewModel(repository: StubSearchRepository(clock: clock))
        weak let weakViewModel = viewModel
        viewModel!.readOnlyStore.base.run("long") { [clock] in
            do {
                try await clock.sleep(for: .seconds(10))
                reachedEnd.withValue { $0 = true }
            } catch {
                wasCancelled.withValue { $0 = true }
            }
        }
        #expect(await waitUntilSleeping(clock))   // the work is in flight
        viewModel = nil

        #expect(weakViewModel == nil)
        #expect(await waitFor { wasCancelled.value })
        await clock.advance(by: .seconds(3600))
        #expect(reachedEnd.value == false)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func latestWinsUnderRandomLatenciesEndsWithTheLastEventsResultAndNeverShowsAStaleOne(seed: UInt64) async {
        var random = SplitMix64(seed: seed)
        let latencies = LockedValue<[String: Duration]>([:])
        let clock = TestClock()
        let repository = StubSearchRepository(clock: clock, latency: { query in
            latencies.value[query] ?? .zero
        }, ignoresCancellation: true)
        let viewModel = SearchViewModel(repository: repository)
        // A stale result is one that lands (loading → loaded) for a query other than the current one.
        var staleStates: [SearchViewModel.State] = []
        var previous = viewModel.state
        let token = viewModel.subscribe(sendCurrent: false) { state in
            if previous.results.isLoading, case .loaded(let results) = state.results, results.query != state.query {
                staleStates.append(state)
            }
            previous = state
        }

        for index in 0..<300 {
            let query = "q\(index)"
            latencies.withValue { $0[query] = .milliseconds(Int.random(in: 0...500, using: &random)) }
            viewModel.send(.searchSubmitted(query))
            if Bool.random(using: &random) {
                await clock.advance(by: .zero)
                await clock.advance(by: .milliseconds(Int.random(in: 0...200, using: &random)))
            }
        }
        await clock.advance(by: .zero)
        #expect(await advanceUntilIdle(viewModel.readOnlyStore.base, clock: clock))

        #expect(staleStates.isEmpty)
        #expect(viewModel.state.query == "q299")
        #expect(viewModel.state.results == .loaded(.answer(to: "q299")))
        token.cancel()
    }
}
