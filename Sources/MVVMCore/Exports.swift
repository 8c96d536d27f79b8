// Users of MVVMCore get Observation (`withObservationTracking`, `@Observable`) with it.
@_exported public import Observation
