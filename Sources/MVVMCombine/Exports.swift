// One import for both platforms: Combine on Apple platforms, OpenCombine (with its Dispatch and
// Foundation schedulers) elsewhere. Code written against Combine's API compiles with
// `import MVVMCombine` in place of `import Combine`.
#if canImport(Combine)
@_exported public import Combine
#else
// OpenCombine, its schedulers, the operators it lacks and the `Combine` namespace.
@_exported public import MVVMOpenCombine
#endif
@_exported public import MVVMCore
// Schedulers to inject: `AnySchedulerOf<DispatchQueue>` in a ViewModel, `DispatchQueue.main`
// in the app, `DispatchQueue.test` in tests.
@_exported public import CombineSchedulers
