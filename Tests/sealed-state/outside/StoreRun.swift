// expect: 'store' is inaccessible due to 'private' protection level
import MVVMCore

@MainActor func view(_ viewModel: CounterViewModel) {
    viewModel.store.run("x") {}
}
