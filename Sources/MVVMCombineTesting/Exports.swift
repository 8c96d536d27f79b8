// MVVMCombineTesting: testing support for Combine ViewModels, with everything MVVMTesting has.
// `PublisherRecorder` is its own; the test scheduler (`DispatchQueue.test`, combine-schedulers)
// comes with MVVMCombine. One import in a test file: `import MVVMCombineTesting`.
@_exported public import MVVMCombine
@_exported public import MVVMTesting
