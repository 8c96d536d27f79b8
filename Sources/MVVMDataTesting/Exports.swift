// MVVMDataTesting: testing support for data layers, with everything MVVMTesting has:
// `StubTransport` (an HTTP transport a test scripts) and `CacheStoreContract` (what every
// `CacheStore` must keep). One import in a test file: `import MVVMDataTesting`.
@_exported public import MVVMData
@_exported public import MVVMTesting
