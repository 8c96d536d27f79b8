import DemoServer
import Foundation
import MVVMData
import Testing

/// Runs `body` against a real DemoServer on 127.0.0.1 (an ephemeral port, 300 users), and stops
/// it afterwards whatever happens.
func withDemoServer(
    users: Int = 300,
    _ body: (DemoServer) async throws -> Void
) async throws {
    let server = try await DemoServer.start(DemoServerConfiguration(userCount: users))
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// A transport that counts attempts and reports when each one starts.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched while `lock` is held; `base` and
    // `continuation` are immutable and Sendable.
    private let lock = NSLock()
    private var count = 0
    private let base: any HTTPTransport
    private let continuation: AsyncStream<Int>.Continuation
    /// Yields the attempt number as each attempt starts.
    let started: AsyncStream<Int>

    init(_ base: any HTTPTransport = URLSessionTransport()) {
        self.base = base
        (started, continuation) = AsyncStream.makeStream(of: Int.self)
    }

    var attempts: Int { lock.withLock { count } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let attempt = lock.withLock {
            count += 1
            return count
        }
        continuation.yield(attempt)
        return try await base.send(request)
    }
}

/// Endpoint helpers against the demo API.
struct UserPageDTO: Decodable, Equatable, Sendable {
    var items: [UserDTO]
    var page: Int
    var size: Int
    var total: Int
    var hasMore: Bool
}

extension Endpoint {
    /// The same endpoint with the demo server's fault-injection header.
    func fault(_ plan: String) -> Self {
        var endpoint = self
        endpoint.headers["X-Demo-Fault"] = plan
        return endpoint
    }
}
