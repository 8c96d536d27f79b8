// Compiled by .ci/sealed-state-check against MVVMCore, as a user's app would: the ViewModel
// writes its state, starts and cancels its work. This file must compile.
import MVVMCore

@MainActor
final class CounterViewModel: ViewModel {
    struct State: Equatable { var count = 0 }
    enum Event { case incrementTapped, resetTapped, saveTapped }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    func onEvent(_ event: Event) {
        switch event {
        case .incrementTapped:
            store.update { $0.count += 1 }
        case .resetTapped:
            store.cancelAllWork()
            store.update { $0.count = 0 }
        case .saveTapped:
            store.run("save", onCancel: { $0.count = 0 }) { [weak store] in
                store?.update { $0.count += 1 }
            }
        }
    }
}

/// What a view may do: read, observe, send events, report its lifecycle.
@MainActor
func bind(_ viewModel: CounterViewModel) -> [ObservationToken] {
    viewModel.appear()
    viewModel.send(.incrementTapped)
    _ = viewModel.state.count
    let tokens = [
        viewModel.subscribe { _ in },
        viewModel.subscribe(\.count) { _ in },
        observe { _ = viewModel.state },
    ]
    viewModel.disappear()
    return tokens
}
