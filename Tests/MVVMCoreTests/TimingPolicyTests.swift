import MVVMCore
import MVVMTestSupport
import MVVMTesting
import Testing

/// Debounce and throttle on an injected clock, at their boundaries.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct TimingPolicyTests {
    struct Log: Equatable, Sendable {
        var fired: [String] = []
    }

    private func debounced(_ store: StateStore<Log>, _ value: String) {
        store.run("search", policy: .debounce(for: .milliseconds(300))) {
            store.update { $0.fired.append(value) }
        }
    }

    @Test func debounceDoesNotFireAt299MillisecondsAndFiresAt300() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        debounced(store, "a")

        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(299))
        await clock.advance(by: .zero)
        #expect(store.state.fired == [])

        await clock.advance(by: .milliseconds(1))
        #expect(await waitUntilIdle(store))
        #expect(store.state.fired == ["a"])
    }

    @Test func aNewValueWithinTheWindowRestartsTheWaitAndOnlyTheLastFires() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        debounced(store, "t")
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(299))
        debounced(store, "to")
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(299))
        debounced(store, "tok")
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(299))
        await clock.advance(by: .zero)
        #expect(store.state.fired == [])

        await clock.advance(by: .milliseconds(1))
        #expect(await waitUntilIdle(store))
        #expect(store.state.fired == ["tok"])
    }

    @Test func aZeroDebounceRunsOnTheNextTurnWithoutWaitingForTheClock() async {
        let store = StateStore(Log(), clock: TestClock())
        store.run("now", policy: .debounce(for: .zero)) { store.update { $0.fired.append("now") } }
        #expect(store.state.fired == [])
        #expect(await waitUntilIdle(store))
        #expect(store.state.fired == ["now"])
    }

    private func throttled(_ store: StateStore<Log>, _ value: String, latest: Bool = true) {
        store.run("scroll", policy: .throttle(for: .milliseconds(300), latest: latest)) {
            store.update { $0.fired.append(value) }
        }
    }

    @Test func throttleRunsTheFirstAtOnceAndTheLatestAtTheEndOfTheWindow() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        throttled(store, "1")
        #expect(await waitFor { store.state.fired == ["1"] })
        throttled(store, "2")
        throttled(store, "3")
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(299))
        await clock.advance(by: .zero)
        #expect(store.state.fired == ["1"])

        await clock.advance(by: .milliseconds(1))
        #expect(await waitFor { store.state.fired.count == 2 })
        #expect(store.state.fired == ["1", "3"])

        // The latest opened a new window: a value inside it waits for its end.
        throttled(store, "4")
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(299))
        await clock.advance(by: .zero)
        #expect(store.state.fired == ["1", "3"])
        await clock.advance(by: .milliseconds(1))
        #expect(await waitFor { store.state.fired.count == 3 })
        #expect(store.state.fired == ["1", "3", "4"])

        // A quiet window closes; the next value runs at once.
        await clock.advance(by: .milliseconds(300))
        #expect(await waitUntilIdle(store))
        throttled(store, "5")
        #expect(await waitFor { store.state.fired == ["1", "3", "4", "5"] })
        store.cancelAllWork()
    }

    @Test func throttleWithoutLatestKeepsTheFirstValueOfTheWindow() async {
        let clock = TestClock()
        let store = StateStore(Log(), clock: clock)
        throttled(store, "1", latest: false)
        throttled(store, "2", latest: false)
        throttled(store, "3", latest: false)
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(300))
        #expect(await waitFor { store.state.fired.count == 2 })
        #expect(store.state.fired == ["1", "2"])
        store.cancelAllWork()
    }
}
