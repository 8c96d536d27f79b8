public import MVVMData
import Foundation
import MVVMLocking

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
public final class StubTransport: HTTPTransport, Sendable {
    private struct Ledger {
        var script: [Result<HTTPResponse, TransportError>]
        var recorded: [HTTPRequest] = []
    }

    /// In a `Lock` (a pthread mutex, which ThreadSanitizer sees); `handler`, a user's code,
    /// runs outside it.
    private let ledger: Lock<Ledger>
    private let handler: (@Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse)?

    /// Answers requests in order with `script`.
    public init(_ script: [Result<HTTPResponse, TransportError>]) {
        self.ledger = Lock(Ledger(script: script))
        self.handler = nil
    }

    /// Answers every request with `handler`.
    public init(_ handler: @escaping @Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse) {
        self.ledger = Lock(Ledger(script: []))
        self.handler = handler
    }

    /// The requests sent so far, oldest first.
    public var requests: [HTTPRequest] { ledger.withLock { $0.recorded } }

    /// Answers `request` from the script or the handler.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let hasHandler = handler != nil
        let next: Result<HTTPResponse, TransportError>? = ledger.withLock { ledger in
            ledger.recorded.append(request)
            return hasHandler || ledger.script.isEmpty ? nil : ledger.script.removeFirst()
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
