import DemoServer
import Foundation
import MVVMAsyncHTTPClient
import MVVMData
import Testing

/// Runs `body` against a real DemoServer on 127.0.0.1 (an ephemeral port), and stops it afterwards
/// whatever happens.
func withDemoServer(users: Int = 50, _ body: (DemoServer) async throws -> Void) async throws {
    // Every connection comes from one address, and the cancellation stress test's pool drops and
    // opens them faster than the server sees them closed: the per-client cap (64) once closed
    // its connections (issue 30). These tests are not about that cap.
    let server = try await DemoServer.start(DemoServerConfiguration(userCount: users, maximumConnectionsPerClient: 1_000))
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// The transports that must keep the same contract.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case asyncHTTPClient
    case urlSession

    func make() -> any HTTPTransport {
        switch self {
        case .asyncHTTPClient: AsyncHTTPClientTransport()
        case .urlSession: URLSessionTransport()
        }
    }

    var testDescription: String { rawValue }
}

/// `send`'s error, or nil when it answered (a transport only throws `TransportError`).
func failure(_ send: () async throws -> HTTPResponse) async -> TransportError? {
    switch await outcome(send) {
    case .success: nil
    case .failure(let error): error
    }
}

/// `send`'s response or error.
func outcome(_ send: () async throws -> HTTPResponse) async -> Result<HTTPResponse, TransportError> {
    do {
        return .success(try await send())
    } catch let error as TransportError {
        return .failure(error)
    } catch {
        return .failure(.other("not a TransportError: \(error)"))
    }
}
