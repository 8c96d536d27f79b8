// expect: value of type 'CounterViewModel' has no member 'update'
import MVVMCore

@MainActor func view(_ viewModel: CounterViewModel) {
    viewModel.update { $0.count = 42 }
}
