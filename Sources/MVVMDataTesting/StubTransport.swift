public import MVVMData
import Foundation

/// A transport that answers with scripted responses or failures, and records every request.
///
/// ```swift
/// let transport = StubTransport([
///     .success(.json(status: 503, "{}")),
///     .success(.json(#"{"id": 1, "name": "Ann"}"#)),
/// ])
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport, clock: clock)
/// ```
///
/// A request beyond the script fails with `TransportError.other(_:)` naming it, so a test that
/// sends more than it expected fails clearly.
public final class StubTransport: HTTPTransport, @unchecked Sendable {
    // `@unchecked Sendable`: `script` and `recorded` are only touched while `lock` is held;
    // `handler` is immutable.
    private let lock = NSLock()
    private var script: [Result<HTTPResponse, TransportError>]
    private var recorded: [HTTPRequest] = []
    private let handler: (@Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse)?

    /// Answers requests in order with `script`.
    public init(_ script: [Result<HTTPResponse, TransportError>]) {
        self.script = script
        self.handler = nil
    }

    /// Answers every request with `handler`.
    public init(_ handler: @escaping @Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse) {
        self.script = []
        self.handler = handler
    }

    /// The requests sent so far, oldest first.
    public var requests: [HTTPRequest] { lock.withLock { recorded } }

    /// Answers `request` from the script or the handler.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let next: Result<HTTPResponse, TransportError>? = lock.withLock {
            recorded.append(request)
            return handler == nil ? (script.isEmpty ? nil : script.removeFirst()) : nil
        }
        if let handler { return try await handler(request) }
        guard let next else {
            throw .other("StubTransport has no scripted answer for \(request.method) \(request.url.absoluteString)")
        }
        return try next.get()
    }
}

extension HTTPResponse {
    /// A JSON response: `Content-Type: application/json` and `body` as UTF-8.
    public static func json(status: Int = 200, _ body: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: headers.merging(["Content-Type": "application/json"]) { own, _ in own },
            body: Data(body.utf8)
        )
    }
}
