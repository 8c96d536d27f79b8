// Without the package's `MVVMAsyncHTTPClient` trait this product has none of its code and
// resolves no AsyncHTTPClient or SwiftNIO (Package.swift). An app that asks for the product but
// not the trait is told how to turn it on, by name, where it makes the transport.
#if !MVVMAsyncHTTPClient
public import MVVMData

/// Needs swift-mvvm's `MVVMAsyncHTTPClient` trait.
@available(*, unavailable, message: "AsyncHTTPClientTransport needs swift-mvvm's MVVMAsyncHTTPClient trait: .package(url: …, from: …, traits: [\"MVVMAsyncHTTPClient\"])")
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// Needs swift-mvvm's `MVVMAsyncHTTPClient` trait.
    @available(*, unavailable, message: "AsyncHTTPClientTransport needs swift-mvvm's MVVMAsyncHTTPClient trait: .package(url: …, from: …, traits: [\"MVVMAsyncHTTPClient\"])")
    public init() { fatalError("unavailable") }
    // The conformance, so that a transport passed where an `HTTPTransport` goes is reported by
    // the message above, not as a missing conformance. Never runs: none can be made.
    /// Never runs.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { fatalError("unavailable") }
}
#endif
