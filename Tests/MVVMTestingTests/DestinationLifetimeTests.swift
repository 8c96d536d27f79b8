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
            try await store.sleep(for: .seconds(60))
            return "loaded"
        }
    }
}

/// A child's lifetime is its place in its parent's stack: one that leaves disappears at once
/// (its work cancelled, its spinner gone), even while something still holds it.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct DestinationLifetimeTests {
    @Test func aChildThatLeavesTheStackStopsItsWorkEvenWhileAViewStillHoldsIt() async {
        let clock = TestClock()
        let children = clock.drive {
            DestinationViewModels<Int, SlowDetailViewModel> { _ in SlowDetailViewModel(clock: clock) }
        }
        let shown = clock.drive { children.follow([1, 2]) }
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
}
