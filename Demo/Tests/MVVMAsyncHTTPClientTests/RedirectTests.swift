import Foundation
import MVVMData
import Testing

/// A server's redirect never sends a request to another server, and never sends a write again
/// (issue 41, N8: a 307 on a toggle's PATCH sent its body and `Idempotency-Key` to another port,
/// which applied it; a 302 on an avatar fetched it from elsewhere). Both transports, through
/// `APIClient`, against real sockets.
@Suite(.timeLimit(.minutes(2)))
struct RedirectTests {
    struct User: Codable, Equatable, Sendable {
        var id: Int
        var isActive: Bool
    }

    /// Answers every request with the user, recording it.
    static func elsewhere() throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { _, _ in (200, ["Content-Type": "application/json"], #"{"id": 5, "isActive": false}"#) }
    }

    /// Redirects every request with `status` to `target` + its path.
    static func redirecting(_ status: Int, to target: @escaping @Sendable () -> URL) throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { _, path in (status, ["Location": target().absoluteString + path], "") }
    }

    @Test(arguments: TransportKind.allCases, [307, 308, 302, 303])
    func aWriteIsNeverSentAgainOnARedirect(kind: TransportKind, status: Int) async throws {
        let other = try Self.elsewhere()
        defer { other.stop() }
        let server = try Self.redirecting(status, to: { other.baseURL })
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .none)
        var endpoint = Endpoint<User>.patch("/api/users/5", body: ["isActive": false])
        endpoint.headers["Idempotency-Key"] = "k1"

        await #expect(throws: APIError.self) { try await client.send(endpoint) }
        #expect(server.requests.map(\.method) == ["PATCH"], "sent once")
        #expect(other.requests.isEmpty, "nothing reached the other port: \(other.requests)")
    }

    @Test(arguments: TransportKind.allCases)
    func aReadIsNotFollowedToAnotherOrigin(kind: TransportKind) async throws {
        let other = try Self.elsewhere()
        defer { other.stop() }
        let server = try Self.redirecting(302, to: { other.baseURL })
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .none)

        do {
            _ = try await client.send(Endpoint<User>.get("/api/users/5/avatar"))
            Issue.record("a redirect to another origin was followed")
        } catch {
            guard case .httpStatus(302, _, _) = error else { Issue.record("\(error)"); return }
        }
        #expect(other.requests.isEmpty, "\(other.requests)")
    }

    @Test(arguments: TransportKind.allCases)
    func aReadMovedWithinTheSameOriginIsFollowed(kind: TransportKind) async throws {
        let server = try ScriptedHTTPServer { _, path in
            path == "/old/users/5"
                ? (301, ["Location": "/api/users/5"], "")
                : (200, ["Content-Type": "application/json"], #"{"id": 5, "isActive": true}"#)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .none)

        let user = try await client.send(Endpoint<User>.get("/old/users/5"))
        #expect(user == User(id: 5, isActive: true))
        #expect(server.requests.map(\.path) == ["/old/users/5", "/api/users/5"])
    }

    @Test(arguments: TransportKind.allCases)
    func aRedirectLoopEndsAfterFiveHops(kind: TransportKind) async throws {
        let server = try ScriptedHTTPServer { _, _ in (302, ["Location": "/loop"], "") }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .none)

        await #expect(throws: APIError.self) { try await client.send(Endpoint<User>.get("/loop")) }
        #expect(server.requests.count == 1 + 5)
    }
}
