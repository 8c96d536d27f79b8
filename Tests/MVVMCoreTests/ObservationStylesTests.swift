import MVVMCore
import MVVMTesting
import Testing

/// Every way of observing a ViewModel sees the same states.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ObservationStylesTests {
    @Test func closureStreamObservationAndObserveHelperSeeTheSameSequence() async {
        let viewModel = CounterViewModel()
        var viaClosure: [Int] = []
        var viaObserve: [Int] = []
        var viaTracking: [Int] = []

        let closureToken = viewModel.subscribe { viaClosure.append($0.count) }
        let observeToken = observe { viaObserve.append(viewModel.state.count) }
        let streamTask = Task { @MainActor in
            var seen: [Int] = []
            for await state in viewModel.states {
                seen.append(state.count)
                if seen.count == 4 { break }
            }
            return seen
        }
        await Task.yield()   // the stream task starts (main-actor jobs run in order)
        track(viewModel) { viaTracking.append($0) }

        for _ in 1...3 {
            viewModel.send(.incrementTapped)
            // Observation delivers on the main actor's next turn: let each change land alone.
            _ = await waitFor { viaObserve.last == viewModel.state.count && viaTracking.last == viewModel.state.count }
        }

        let viaStream = await streamTask.value
        #expect(viaClosure == [0, 1, 2, 3])
        #expect(viaStream == [0, 1, 2, 3])
        #expect(viaObserve == [0, 1, 2, 3])
        #expect(viaTracking == [0, 1, 2, 3])
        closureToken.cancel()
        observeToken.cancel()
    }

    /// Re-arms `withObservationTracking` by hand, the way a UIKit view would.
    private func track(_ viewModel: CounterViewModel, _ sink: @escaping @MainActor (Int) -> Void) {
        sink(withObservationTracking { viewModel.state.count } onChange: {
            Task { @MainActor in self.track(viewModel, sink) }
        })
    }
}

/// Waits until `condition` holds, up to a generous bound; the caller asserts the outcome.
@MainActor
func waitFor(_ condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
