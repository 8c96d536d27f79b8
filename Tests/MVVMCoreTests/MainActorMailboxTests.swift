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

    /// A download's progress, sent as events from background threads.
    @MainActor
    final class DownloadViewModel: ViewModel {
        struct State: Equatable, Sendable {
            var bytes = 0
            var chunks = 0
        }

        enum Event: Sendable { case received(bytes: Int) }

        private let store = StateStore(State())
        var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

        func onEvent(_ event: Event) {
            switch event {
            case .received(let bytes):
                store.update {
                    $0.bytes += bytes
                    $0.chunks += 1
                }
            }
        }
    }

    @Test func aViewModelsMailboxHandsEachBatchToOnEventAndObserversHearItOnce() async {
        let viewModel = DownloadViewModel()
        var notified: [DownloadViewModel.State] = []
        let token = viewModel.subscribe(sendCurrent: false) { notified.append($0) }
        let events = viewModel.mailbox()

        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<100 { events.post(.received(bytes: 10)) }
        }
        await clock.advance()

        // The main actor was busy in concurrentPerform: 200 events, one hop, one notification.
        #expect(viewModel.state == DownloadViewModel.State(bytes: 2000, chunks: 200))
        #expect(events.hops == 1)
        #expect(notified == [DownloadViewModel.State(bytes: 2000, chunks: 200)])

        events.post(.received(bytes: 5))
        await clock.advance()
        #expect(notified.last == DownloadViewModel.State(bytes: 2005, chunks: 201), "a batch of one: heard at once")
        #expect(notified.count == 2)
        token.cancel()
    }

    @Test func aViewModelsMailboxDoesNotKeepItAlive() async {
        var viewModel: DownloadViewModel? = DownloadViewModel()
        weak let weakViewModel = viewModel
        let events = viewModel!.mailbox()
        viewModel = nil
        events.post(.received(bytes: 1))
        await clock.advance()
        #expect(events.hops == 1)
        #expect(weakViewModel == nil)
    }
}
