// expect: value of type 'ReadOnlyStore<CounterViewModel.State>' has no member 'update'
import MVVMCore

@MainActor func view(_ viewModel: CounterViewModel) {
    viewModel.readOnlyStore.update { $0.count = 42 }
}
