import MVVMData

#if canImport(MVVMAsyncHTTPClient)
import MVVMAsyncHTTPClient

/// The demo's transport. On Linux, AsyncHTTPClient: Linux Foundation's `URLSession` can crash when
/// a request is cancelled, which switching weather cities quickly does (docs/Platforms.md).
func makeDemoTransport() -> any HTTPTransport {
    AsyncHTTPClientTransport()
}
#else
/// The demo's transport. On Apple platforms, `URLSession`.
func makeDemoTransport() -> any HTTPTransport {
    URLSessionTransport()
}
#endif
