// expect: 'base' is inaccessible due to 'package' protection level
import MVVMCore

@MainActor func view(_ viewModel: CounterViewModel) {
    viewModel.readOnlyStore.base.update { $0.count = 42 }
}
