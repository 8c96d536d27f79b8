import MVVMTestSupport
import MVVMCore
import MVVMTesting
import Testing

/// ``ResourceLoader`` on its own: one fetch per source however many ask, a bounded number at
/// once, cancelled or never started when nobody wants it, and a memory cache bounded by cost.
/// Callers run as owned work of a store on a test clock, so every fetch starts on the clock's
/// executor and `advance(by: .zero)` runs everything that can run.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ResourceLoaderTests {
    struct Failed: Error, CustomStringConvertible {
        var description: String { "the server answered 503" }
    }

    let clock = TestClock()
    let fetches = ResourceFetchStub<Int, String>()
    let results = LockedValue<[String: String]>([:])

    func loader(maximum: Int = 6, memoryLimit: Int = 1_000) -> ResourceLoader<Int, String> {
        ResourceLoader(maximumConcurrentFetches: maximum, memoryLimit: memoryLimit, cost: { $0.utf8.count }) { [fetches] in
            try await fetches.fetch($0)
        }
    }

    /// Starts a caller of `source` as owned work named `name`; its outcome lands in `results`.
    func load(_ source: Int, as name: String, from loader: ResourceLoader<Int, String>, on store: StateStore<Int>) {
        store.run(name) { [results] in
            let outcome: String
            do { outcome = try await loader.load(source) } catch { outcome = "error: \(error)" }
            results.withValue { $0[name] = outcome }
        }
    }

    @Test func twoCallersOfOneSourceShareOneFetch() async {
        let store = StateStore(0, clock: clock)
        let loader = loader()
        load(1, as: "row", from: loader, on: store)
        load(1, as: "detail", from: loader, on: store)
        await clock.advance(by: .zero)
        #expect(fetches.waiting == [1])

        fetches.answer(1, with: "avatar 1")
        await clock.advance(by: .zero)
        #expect(results.value == ["row": "avatar 1", "detail": "avatar 1"])
        #expect(fetches.started == [1])
        #expect(loader.statistics.sharedFetches == 1)
        #expect(loader.cached(1) == "avatar 1")
    }

    @Test func atMostTheMaximumRunAtOnceAndTheFirstAskedStartsFirst() async {
        let store = StateStore(0, clock: clock)
        let loader = loader(maximum: 3)
        for source in 1...8 { load(source, as: "\(source)", from: loader, on: store) }
        await clock.advance(by: .zero)
        #expect(fetches.waiting == [1, 2, 3])

        fetches.answer(2, with: "b")
        await clock.advance(by: .zero)
        #expect(fetches.waiting == [1, 3, 4])
        #expect(loader.statistics.peakConcurrentFetches == 3)
    }

    @Test func aCallerCancelledWhileWaitingForASlotNeverFetches() async {
        let store = StateStore(0, clock: clock)
        let loader = loader(maximum: 1)
        load(1, as: "1", from: loader, on: store)
        load(2, as: "2", from: loader, on: store)
        load(3, as: "3", from: loader, on: store)
        await clock.advance(by: .zero)
        store.cancelWork("2")
        await clock.advance(by: .zero)
        fetches.answer(1, with: "a")
        await clock.advance(by: .zero)

        #expect(fetches.started == [1, 3])
        #expect(results.value["2"] == "error: CancellationError()")
        #expect(loader.statistics.requestsDroppedBeforeStarting == 1)
    }

    @Test func theLastCallerLeavingCancelsTheRunningFetchAndFreesItsSlot() async {
        let store = StateStore(0, clock: clock)
        let loader = loader(maximum: 1)
        load(1, as: "1", from: loader, on: store)
        load(2, as: "2", from: loader, on: store)
        await clock.advance(by: .zero)
        store.cancelWork("1")
        await clock.advance(by: .zero)

        #expect(fetches.cancelled == [1])
        #expect(fetches.waiting == [2])
        #expect(loader.statistics.fetchesCancelled == 1)
        #expect(loader.cached(1) == nil)
    }

    @Test func oneCallerLeavingKeepsTheFetchForTheOther() async {
        let store = StateStore(0, clock: clock)
        let loader = loader()
        load(1, as: "row", from: loader, on: store)
        load(1, as: "detail", from: loader, on: store)
        await clock.advance(by: .zero)
        store.cancelWork("row")
        await clock.advance(by: .zero)
        #expect(fetches.cancelled == [])

        fetches.answer(1, with: "avatar 1")
        await clock.advance(by: .zero)
        #expect(results.value == ["row": "error: CancellationError()", "detail": "avatar 1"])
    }

    @Test func aFailureReachesEveryCallerAndIsNotKept() async {
        let store = StateStore(0, clock: clock)
        let loader = loader()
        load(1, as: "a", from: loader, on: store)
        load(1, as: "b", from: loader, on: store)
        await clock.advance(by: .zero)
        fetches.fail(1, with: Failed())
        await clock.advance(by: .zero)
        #expect(results.value == ["a": "error: the server answered 503", "b": "error: the server answered 503"])
        #expect(loader.cached(1) == nil)

        load(1, as: "again", from: loader, on: store)
        await clock.advance(by: .zero)
        #expect(fetches.started == [1, 1])
    }

    @Test func theMemoryCacheKeepsTheMostRecentlyUsedWithinItsLimit() async {
        let store = StateStore(0, clock: clock)
        let loader = loader(memoryLimit: 10)
        for (source, value) in [(1, "aaaa"), (2, "bbbb")] {
            load(source, as: "\(source)", from: loader, on: store)
            await clock.advance(by: .zero)
            fetches.answer(source, with: value)
            await clock.advance(by: .zero)
        }
        #expect(loader.cached(1) == "aaaa")   // 1 is now the most recently used
        load(3, as: "3", from: loader, on: store)
        await clock.advance(by: .zero)
        fetches.answer(3, with: "cccc")
        await clock.advance(by: .zero)

        #expect(loader.cached(2) == nil)
        #expect(loader.cached(1) == "aaaa")
        #expect(loader.cached(3) == "cccc")
        #expect(loader.statistics.memoryCost == 8)
        #expect(loader.statistics.peakMemoryCost <= 10)
    }

    @Test func aMemoryWarningEmptiesTheCacheAndTheNextAskFetchesAgainWhileAFetchInFlightGoesOn() async {
        let store = StateStore(0, clock: clock)
        let loader = loader()
        load(1, as: "first", from: loader, on: store)
        await clock.advance(by: .zero)
        fetches.answer(1, with: "aaaa")
        await clock.advance(by: .zero)
        load(2, as: "in flight", from: loader, on: store)
        await clock.advance(by: .zero)

        loader.removeAllFromMemory()
        #expect(loader.cached(1) == nil)
        #expect(loader.statistics.memoryCost == 0)
        fetches.answer(2, with: "bbbb")
        await clock.advance(by: .zero)
        #expect(results.value["in flight"] == "bbbb", "the fetch in flight went on")
        #expect(loader.cached(2) == "bbbb", "and its answer is kept")

        load(1, as: "again", from: loader, on: store)
        await clock.advance(by: .zero)
        #expect(fetches.started == [1, 2, 1], "asked again after the warning: fetched again")
        fetches.answer(1, with: "aaaa")
        await clock.advance(by: .zero)
        #expect(results.value["again"] == "aaaa")
    }

    @Test func aResourceCostingMoreThanTheLimitIsNotKept() async {
        let store = StateStore(0, clock: clock)
        let loader = loader(memoryLimit: 3)
        load(1, as: "1", from: loader, on: store)
        await clock.advance(by: .zero)
        fetches.answer(1, with: "too big")
        await clock.advance(by: .zero)
        #expect(results.value["1"] == "too big")
        #expect(loader.cached(1) == nil)
        #expect(loader.statistics.memoryCost == 0)
    }

    @Test func manyLoadsKeepTheCacheWithinItsLimit() async {
        let store = StateStore(0, clock: clock)
        let loader = loader(maximum: 50, memoryLimit: 100)
        var generator = SplitMix64(seed: 7)
        // 150 loads over 30 sources costing 244 together, so the cache must evict: 50 loads a
        // round, all fetched at once, so the test takes a few steps. Each step waits for the main
        // actor, which the whole suite under ThreadSanitizer keeps busy: 200 steps ran over a
        // minute there (0.1 s alone), and 60 did once too.
        for round in 0..<3 {
            for load in 0..<50 {
                let source = Int(generator.next() % 30)
                self.load(source, as: "\(round).\(load)", from: loader, on: store)
            }
            await clock.advance(by: .zero)
            while !fetches.waiting.isEmpty {
                for waiting in fetches.waiting { fetches.answer(waiting, with: String(repeating: "x", count: waiting % 17 + 1)) }
                await clock.advance(by: .zero)
            }
            #expect(loader.statistics.memoryCost <= 100)
        }
        #expect(loader.statistics.fetchesStarted > 30, "the cache evicted and fetched again")
        #expect(loader.statistics.peakMemoryCost <= 100)
        #expect(fetches.waiting == [])
    }
}
