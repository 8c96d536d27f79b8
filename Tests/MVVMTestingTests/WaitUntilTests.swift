import MVVMTesting
import MVVMTestSupport
import Synchronization
import Testing

/// `waitUntil`: polling on the wall clock, for work no test executor runs.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct WaitUntilTests {
    actor Queue {
        var items = [1, 2, 3]
        func take() { if !items.isEmpty { items.removeFirst() } }
        var isEmpty: Bool { items.isEmpty }
    }

    struct Unreadable: Error, Equatable {}

    @Test func anAsyncConditionIsAskedAgainUntilItHolds() async {
        let queue = Queue()
        let asked = Mutex(0)
        // A generous timeout: it returns as soon as the condition holds, and a ThreadSanitizer run under
        // load once took over 10 s to answer the first ask.
        let held = await waitUntil(timeout: .seconds(60)) {
            asked.withLock { $0 += 1 }
            await queue.take()
            return await queue.isEmpty
        }
        #expect(held)
        #expect(asked.withLock { $0 } == 3)
    }

    @Test func anErrorTheConditionThrowsEndsTheWaitAndIsThrown() async {
        let asked = Mutex(0)
        await #expect(throws: Unreadable()) {
            _ = try await waitUntil(timeout: .seconds(60)) {
                asked.withLock { $0 += 1 }
                if asked.withLock({ $0 }) == 2 { throw Unreadable() }
                return false
            }
        }
        #expect(asked.withLock { $0 } == 2)
    }

    @Test func aConditionThatNeverHoldsGivesFalseAfterTheTimeout() async {
        let held = await waitUntil(timeout: .milliseconds(20)) { false }
        #expect(!held)
    }
}
