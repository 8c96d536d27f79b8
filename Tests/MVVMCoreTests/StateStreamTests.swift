import MVVMCore
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct StateStreamTests {
    @Test func yieldsTheCurrentStateThenEveryChangeWithoutLoss() async {
        let viewModel = CounterViewModel()
        let states = viewModel.states
        for _ in 1...5 { viewModel.send(.incrementTapped) }

        var counts: [Int] = []
        for await state in states {
            counts.append(state.count)
            if counts.count == 6 { break }
        }
        #expect(counts == [0, 1, 2, 3, 4, 5])
    }

    @Test func finishesWhenTheStoreIsDeallocated() async {
        var viewModel: CounterViewModel? = CounterViewModel()
        let states = viewModel!.states
        viewModel!.send(.incrementTapped)
        viewModel = nil

        var counts: [Int] = []
        for await state in states { counts.append(state.count) }
        #expect(counts == [0, 1])
    }

    @Test func stoppingIterationRemovesTheObserver() async {
        let viewModel = CounterViewModel()
        let task = Task { @MainActor in
            for await _ in viewModel.states {}
        }
        #expect(await waitFor { viewModel.readOnlyStore.base.observerCount == 1 })
        task.cancel()
        #expect(await waitFor { viewModel.readOnlyStore.base.observerCount == 0 })
    }
}
