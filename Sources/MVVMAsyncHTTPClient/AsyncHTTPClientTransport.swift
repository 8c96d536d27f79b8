// Compiled only with the package's `MVVMAsyncHTTPClient` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMAsyncHTTPClient
public import AsyncHTTPClient
import Foundation
public import MVVMData
import NIOCore
import NIOHTTP1

/// A transport on AsyncHTTPClient (SwiftNIO): the one to use on Linux.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: AsyncHTTPClientTransport())
/// ```
///
/// Linux Foundation's `URLSession` can crash when a request is cancelled as it completes (see
/// `docs/Platforms.md`); AsyncHTTPClient cancels a request in flight safely, and closes its
/// connection. Cancelling the calling task answers `TransportError.cancelled` at once.
///
/// This is its own product, `MVVMAsyncHTTPClient`, so that apps on Apple platforms, which use
/// `URLSessionTransport`, never build SwiftNIO.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The largest response body read by default: 10 MiB.
    public static let defaultMaximumBodyBytes = 10 * 1024 * 1024

    /// The client ``init(client:maximumBodyBytes:)`` uses by default, shared by the process and
    /// never shut down (like `HTTPClient.shared`).
    ///
    /// Unlike `HTTPClient.shared`, a refused connection fails the request at once
    /// (`retryConnectionEstablishment` is off): `APIClient`'s `RetryPolicy` decides about
    /// retrying, on its injected clock, and a user sees "cannot connect" in milliseconds, not
    /// when the request's timeout ends. Connecting may take at most 10 seconds. It follows no
    /// redirect: `APIClient` decides which to follow (`Redirect`: a read within the same
    /// origin, never a write). A client you pass yourself should disallow them too
    /// (`configuration.redirectConfiguration = .disallow`); AsyncHTTPClient's default follows
    /// them to any host and sends a 307's body again.
    public static let sharedClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: sharedConfiguration)

    /// ``sharedClient``'s configuration.
    static var sharedConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        configuration.redirectConfiguration = .disallow
        return configuration
    }

    private let client: HTTPClient
    private let maximumBodyBytes: Int

    /// A transport over `client`, which the caller keeps running while the transport is used.
    ///
    /// - Parameters:
    ///   - client: By default ``sharedClient``, which never needs shutting down. A client you
    ///     create yourself is yours to shut down after its last request.
    ///   - maximumBodyBytes: A response body larger than this is not read: the request fails with
    ///     `TransportError.other(_:)` naming the limit. Must be positive.
    public init(client: HTTPClient = Self.sharedClient, maximumBodyBytes: Int = Self.defaultMaximumBodyBytes) {
        precondition(maximumBodyBytes > 0, "AsyncHTTPClientTransport: maximumBodyBytes must be positive, not \(maximumBodyBytes)")
        self.client = client
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Sends `request` and reads the whole response body, within `request.timeout`.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        do {
            let response = try await client.execute(Self.clientRequest(for: request), timeout: Self.timeAmount(request.timeout))
            let body = try await response.body.collect(upTo: maximumBodyBytes)
            try Task.checkCancellation()
            return HTTPResponse(status: Int(response.status.code), headers: Self.headers(response.headers), body: Data(body.readableBytesView))
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw Self.transportError(for: error, maximumBodyBytes: maximumBodyBytes)
        }
    }

    static func clientRequest(for request: HTTPRequest) -> HTTPClientRequest {
        var clientRequest = HTTPClientRequest(url: request.url.absoluteString)
        clientRequest.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers {
            clientRequest.headers.add(name: name, value: value)
        }
        if let body = request.body {
            clientRequest.body = .bytes(ByteBuffer(bytes: body))
        }
        return clientRequest
    }

    /// Header fields by name; a field sent several times is joined with ", " (RFC 9110, 5.3).
    static func headers(_ headers: HTTPHeaders) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            if let earlier = result[name] {
                result[name] = earlier + ", " + value
            } else {
                result[name] = value
            }
        }
        return result
    }

    /// `duration` as NIO's `TimeAmount`, saturated to what it holds (a timeout of 300 years is
    /// "no practical limit", not a crash); a negative one is zero.
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        duration < .zero ? .zero : TimeAmount(duration)
    }
}
#endif  // MVVMAsyncHTTPClient
