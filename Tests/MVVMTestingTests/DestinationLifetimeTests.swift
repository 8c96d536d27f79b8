import MVVMCore
import MVVMTesting
import Testing

/// A pushed screen that loads when it appears, for as long as the server takes.
@MainActor
private final class SlowDetailViewModel: ViewModel {
    struct State: Equatable, Sendable { var text: Loadable<String> = .idle }
    enum Event {}

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    init(clock: TestClock) { store = StateStore(State(), clock: clock) }

    func onEvent(_ event: Event) {}

    func didAppear() {
        store.load(\.text, key: "text") { [store] in
            try await store.clock.sleep(for: .seconds(60))
            return "loaded"
        }
    }
}

/// A stack of slow details.
@MainActor
private final class StackViewModel: ViewModel {
    struct State: Equatable, Sendable { var stack: [Int] = [] }
    enum Event { case opened(Int), back }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    let details: DestinationViewModels<Int, SlowDetailViewModel>

    init(clock: TestClock) {
        details = DestinationViewModels { _ in SlowDetailViewModel(clock: clock) }
    }

    func onEvent(_ event: Event) {
        switch event {
        case .opened(let id): store.update { $0.stack.append(id) }
        case .back: store.update { _ = $0.stack.popLast() }
        }
        details.follow(state.stack)
    }
}

/// A child's lifetime is its place in its parent's stack: one that leaves disappears at once
/// (its work cancelled, its spinner gone), even while something still holds it.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct DestinationLifetimeTests {
    @Test func aChildThatLeavesTheStackStopsItsWorkEvenWhileAViewStillHoldsIt() async {
        let clock = TestClock()
        let children = clock.perform {
            DestinationViewModels<Int, SlowDetailViewModel> { _ in SlowDetailViewModel(clock: clock) }
        }
        let shown = clock.perform { children.follow([1, 2]) }
        for child in shown { child.appear() }
        await clock.advance()
        #expect(shown.map(\.state.text) == [.loading(), .loading()])

        let heldByAView = shown[1]   // a transition still running, a SwiftUI view kept
        children.follow([1])         // back

        #expect(heldByAView.state.text == .idle, "no spinner left on the screen that left")
        #expect(shown[0].state.text == .loading(), "the one below keeps loading")
        await clock.advance(by: .seconds(60))
        #expect(heldByAView.state.text == .idle, "its load never lands")
        #expect(shown[0].state.text == .loaded("loaded"))
    }

    @Test func whatThePopDoesToTheChildIsAssertedOnItsTesterAndNamesTheParentsStep() async {
        var failures: [String] = []
        let clock = TestClock()
        let stack = ViewModelTester(
            StackViewModel(clock: clock), clock: clock,
            reporter: TestFailureReporter { message, _ in failures.append(message) }
        )
        stack.send(.opened(7)) { $0.stack = [7] }
        let detail = stack.child(stack.viewModel.details.top!)
        detail.appear { $0.text = .loading() }
        stack.send(.back) { $0.stack = [] }
        await detail.receive { $0.text = .idle }   // the pop called its load off
        await stack.finish()
        #expect(failures == [])

        stack.send(.opened(8)) { $0.stack = [8] }
        let next = stack.child(stack.viewModel.details.top!)
        next.appear { $0.text = .loading() }
        stack.send(.back) { $0.stack = [] }
        await stack.finish()   // the detail's change was never asserted
        #expect(failures == [
            """
            SlowDetailViewModel: 1 state change(s) were not asserted before finishing. Assert each with receive(_:):
            From the step StackViewModel sending StackViewModel.Event.back:
            (Expected: −, Actual: +)
            − SlowDetailViewModel.State(
            −   text: .loading(previous: nil)
            − )
            + SlowDetailViewModel.State(text: .idle)
            """,
        ])
    }
}
