// expect: value of type 'CounterViewModel' has no member 'cancelAllWork'
import MVVMCore

@MainActor func view(_ viewModel: CounterViewModel) {
    viewModel.cancelAllWork()
}
