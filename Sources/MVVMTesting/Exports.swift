// Tests that import MVVMTesting get the test clock (`TestClock`, `ImmediateClock`, swift-clocks)
// and, through MVVMCombine, the test scheduler (`DispatchQueue.test`, combine-schedulers).
@_exported public import Clocks
@_exported public import MVVMCombine
