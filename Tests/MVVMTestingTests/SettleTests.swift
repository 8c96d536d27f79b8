import MVVMCore
import MVVMTestSupport
import MVVMTesting
import Synchronization
import Testing

/// A settle (`waitUntilIdle`, `TestClock.advance`) never ends while finished work is still on
/// its way out: whatever the machine is doing, a store whose work has run is idle when the
/// settle returns. Before, the store bound its work's task-locals from main-actor code, and the
/// hop back to the main actor after them could pass through the global pool unseen: with the
/// pool busy, 5 to 26 of these 500 settles ended with the work done but not yet finished (5 runs).
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct SettleTests {
    struct Log: Equatable, Sendable { var entries: [String] = [] }

    @Test func finishedWorkIsIdleWhenTheSettleReturnsEvenWithTheGlobalPoolBusy() async {
        // Keeps a thread of the global pool busy meanwhile, as other tests and builds do on CI;
        // for 2 s at most, so that a slow run (ThreadSanitizer) does not starve the other tests.
        let stop = Atomic<Bool>(false)
        let hog = Task.detached {
            let end = ContinuousClock.now + .seconds(2)
            var spins = 0
            while !stop.load(ordering: .relaxed), spins & 0xFFF != 0 || ContinuousClock.now < end { spins &+= 1 }
            return spins
        }
        var notIdle = 0
        for round in 0..<500 {
            let store = StateStore(Log(), clock: TestClock())
            store.run("sync") { store.update { $0.entries.append("\(round)") } }
            let idle = await waitUntilIdle(store)
            if !idle || store.state.entries != ["\(round)"] { notIdle += 1 }
        }
        stop.store(true, ordering: .relaxed)
        _ = await hog.value
        #expect(notIdle == 0, "\(notIdle) of 500 settles returned before the work had finished")
    }
}
