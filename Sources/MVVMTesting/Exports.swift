// Tests that import MVVMTesting get the test clock (`TestClock`, `ImmediateClock`) with it.
@_exported public import Clocks
