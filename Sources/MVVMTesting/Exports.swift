@_exported public import Clocks
