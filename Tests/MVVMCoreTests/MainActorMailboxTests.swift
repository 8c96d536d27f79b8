import MVVMTestSupport
import Dispatch
import MVVMCore
import MVVMTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct MainActorMailboxTests {
    /// `clock.advance()` lets the main actor run what was posted to it, until it is quiet.
    let clock = TestClock()

    @Test func postsMadeBeforeTheMainActorRunsArriveAsOneBatchInOrder() async {
        let received = LockedValue<[[Int]]>([])
        let mailbox = MainActorMailbox<Int> { batch in received.withValue { $0.append(batch) } }

        for value in 1...1000 { mailbox.post(value) }
        await clock.advance()
        #expect(received.value.count == 1)
        mailbox.post(1001)
        await clock.advance()
        #expect(received.value.count == 2)

        #expect(received.value == [Array(1...1000), [1001]])
        #expect(mailbox.hops == 2)
    }

    @Test func postsFromManyThreadsAllArriveEachThreadInOrderInFewerHops() async {
        let received = LockedValue<[Int]>([])
        let mailbox = MainActorMailbox<Int> { batch in received.withValue { $0.append(contentsOf: batch) } }

        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<500 { mailbox.post(thread * 1000 + index) }
        }
        await clock.advance()
        #expect(received.value.count == 2000)

        let values = received.value
        for thread in 0..<4 {
            #expect(values.filter { $0 / 1000 == thread } == (0..<500).map { thread * 1000 + $0 })
        }
        // The main actor was busy in concurrentPerform all along: 2,000 posts, one hop.
        #expect(mailbox.hops == 1)
    }

    @Test func aStoreMailboxAppliesEachBatchAsOneUpdate() async {
        struct Progress: Equatable, Sendable {
            var bytes = 0
            var chunks = 0
        }
        let store = StateStore(Progress())
        var notified: [Progress] = []
        let token = store.subscribe(sendCurrent: false) { notified.append($0) }
        let updates = store.mailbox()

        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<100 {
                updates.post {
                    $0.bytes += 10
                    $0.chunks += 1
                }
            }
        }
        await clock.advance()
        #expect(store.state.chunks == 200)

        // The main actor was busy in concurrentPerform: 200 changes, one hop, one notification.
        #expect(store.state == Progress(bytes: 2000, chunks: 200))
        #expect(updates.hops == 1)
        #expect(notified == [Progress(bytes: 2000, chunks: 200)])
        token.cancel()
    }

    @Test func aStoreMailboxDoesNotKeepTheStoreAlive() async {
        var store: StateStore<Int>? = StateStore(0)
        weak let weakStore = store
        let updates = store!.mailbox()
        store = nil
        updates.post { $0 += 1 }
        await clock.advance()
        #expect(updates.hops == 1)
        #expect(weakStore == nil)
    }
}
