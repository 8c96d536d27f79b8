import MVVMCore
import Testing

/// A parent ViewModel connected to a child's delegate output: each output becomes one of the
/// parent's events; one the parent maps to `nil` is dropped; the parent is held weakly.
@Suite
@MainActor
struct DelegateOutputParentTests {
    enum Said: Equatable, Sendable { case opened(Int), closed }

    final class Parent: ViewModel {
        struct State: Equatable, Sendable { var opened: [Int] = [] }
        enum Event { case open(Int) }
        private let store = StateStore(State())
        var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
        func onEvent(_ event: Event) {
            switch event {
            case .open(let id): store.update { $0.opened.append(id) }
            }
        }
    }

    @Test func eachOutputBecomesTheParentsEventAndNilIsDropped() {
        let output = DelegateOutput<Said>()
        let parent = Parent()
        output.send(.opened(1))   // before the parent connected
        output.connect(to: parent) { said in
            switch said {
            case .opened(let id): .open(id)
            case .closed: nil
            }
        }
        output.send(.closed)
        output.send(.opened(2))
        #expect(parent.state.opened == [1, 2])
    }

    @Test func theParentIsHeldWeakly() {
        let output = DelegateOutput<Said>()
        weak var gone: Parent?
        do {
            let parent = Parent()
            gone = parent
            output.connect(to: parent) { _ in .open(1) }
        }
        #expect(gone == nil, "the connection does not keep the parent")
        output.send(.opened(1))   // nothing receives it, nothing breaks
    }
}
