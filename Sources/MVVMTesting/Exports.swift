// Tests that import MVVMTesting get, through MVVMCombine, the test scheduler
// (`DispatchQueue.test`, combine-schedulers). The test clock is MVVMTesting's own `TestClock`.
@_exported public import MVVMCombine
