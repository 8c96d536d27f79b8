import Foundation
import MVVMCombine
import MVVMTesting
import Testing

/// Values produced on another queue reach `@MainActor` code without crashing, the way the
/// articles bind: `receive(on: DispatchQueue.main)`, a ``Driver``, or events into a ViewModel.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct MainQueueDeliveryTests {
    /// The background queue the values come from: `queue.sync {}` waits until it has sent them.
    let queue = DispatchQueue(label: "MainQueueDeliveryTests.background")
    /// `clock.advance()` lets the main queue run what was put on it, until it is quiet.
    let clock = TestClock()

    @Test func receiveOnTheMainQueueFeedsAMainActorSinkFromABackgroundQueue() async {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject
            .receive(on: DispatchQueue.main)
            .sink { value in
                MainActor.assertIsolated()
                received.append(value)
            }
        let shared = SubjectsAcrossThreads(subjects: [subject])

        queue.async {
            for value in 1...100 { shared.subjects[0].send(value) }
        }
        queue.sync {}   // every value was sent; their hops to the main queue wait there
        await clock.advance()

        #expect(received == Array(1...100))
        cancellable.cancel()
    }

    @Test func aDriverFedFromABackgroundQueueDrivesOnTheMainActorInOrder() async {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.asDriver().drive { value in
            MainActor.assertIsolated()
            received.append(value)
        }
        let shared = SubjectsAcrossThreads(subjects: [subject])

        queue.async {
            for value in 1...100 { shared.subjects[0].send(value) }
        }
        queue.sync {}   // every value was sent; their hops to the main queue wait there
        await clock.advance()

        #expect(received == Array(1...100))
        cancellable.cancel()
    }

    @Test func eventsPublishedOnABackgroundQueueReachTheViewModelOnTheMainActor() async {
        let viewModel = TapCounterViewModel()
        let taps = PassthroughSubject<TapCounterViewModel.Event, Never>()
        let cancellable = viewModel.sendEvents(from: taps)
        let shared = SubjectsAcrossThreads(subjects: [taps])

        queue.async {
            for _ in 1...50 { shared.subjects[0].send(.tapped) }
        }
        queue.sync {}   // every value was sent; their hops to the main queue wait there
        await clock.advance()

        #expect(viewModel.state.taps == 50)
        cancellable.cancel()
    }

    @Test func onTheMainQueueADriverDeliversInTheSameTurn() {
        let subject = CurrentValueSubject<Int, Never>(1)
        var received: [Int] = []
        let cancellable = subject.asDriver().drive { received.append($0) }

        subject.send(2)

        #expect(received == [1, 2])
        cancellable.cancel()
    }
}

/// The smallest MVVMCore ViewModel: it counts taps.
@MainActor
final class TapCounterViewModel: ViewModel {
    struct State: Equatable { var taps = 0 }
    enum Event: Sendable { case tapped }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    func onEvent(_ event: Event) {
        switch event {
        case .tapped: store.update { $0.taps += 1 }
        }
    }
}
