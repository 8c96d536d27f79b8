import MVVMCombine
import MVVMCombineTesting
import Testing

@MainActor
struct BridgeTests {
    struct State: Equatable {
        var title = "A"
        var count = 0
        var isLoading = false
    }

    @Test func theStorePublishesItsCurrentStateThenOneValuePerUpdate() {
        let store = StateStore(State())
        let recorder = store.statePublisher.record()

        store.update {
            $0.title = "B"
            $0.count = 1
            $0.isLoading = true
        }
        store.update { $0.count = 1 }   // equal state: nothing
        store.update { $0.isLoading = false }

        #expect(recorder.values == [
            State(title: "A", count: 0, isLoading: false),
            State(title: "B", count: 1, isLoading: true),
            State(title: "B", count: 1, isLoading: false),
        ])
    }

    @Test func aFieldPublisherSkipsUpdatesThatLeaveTheFieldAlone() {
        let store = StateStore(State())
        let titles = store.publisher(for: \.title).record()

        store.update { $0.count = 1 }
        store.update { $0.title = "B" }
        store.update { $0.count = 2 }

        #expect(titles.values == ["A", "B"])
    }

    @Test func aViewModelsStatePublisherIsItsStores() {
        let viewModel = TapCounterViewModel()
        let taps = viewModel.statePublisher.map(\.taps).record()

        viewModel.send(.tapped)

        #expect(taps.values == [0, 1])
    }

    @Test func cancellingTheSubscriptionEndsTheStoresObservation() {
        let store = StateStore(State())
        var recorder: PublisherRecorder<State, Never>? = store.statePublisher.record()
        #expect(store.observerCount == 1)

        recorder?.cancel()
        recorder = nil

        #expect(store.observerCount == 0)
    }

    @Test func thePublisherDoesNotKeepTheStoreAlive() {
        weak var weakStore: StateStore<State>?
        var recorder: PublisherRecorder<State, Never>?
        do {
            let store = StateStore(State())
            weakStore = store
            recorder = store.statePublisher.record()
        }
        #expect(weakStore == nil)
        #expect(recorder?.values.count == 1)
    }

    @Test func publishedEventsReachTheViewModelAndStopWithTheSubscription() {
        let viewModel = TapCounterViewModel()
        let taps = PassthroughSubject<TapCounterViewModel.Event, Never>()
        let subscription = viewModel.sendEvents(from: taps)

        taps.send(.tapped)
        taps.send(.tapped)
        subscription.cancel()
        taps.send(.tapped)

        #expect(viewModel.state.taps == 2)
    }
}
