import Foundation
import InMemoryLogging
import Logging
import MVVMData
import MVVMDataTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
struct LoggingTests {
    struct Login: Encodable, Sendable {
        var email = "ann@example.com"
        var password = "hunter2-secret"
        var device = ["pushToken": "tok-123"]
    }

    @Test func summariesAreLoggedAndSecretsNeverAre() async throws {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .trace
        let transport = StubTransport([
            .success(.json(status: 503, #"{"error":"busy"}"#)),
            .success(.json(#"{"id":1,"name":"A","email":"a","isActive":true,"accessToken":"abc.def"}"#, headers: ["Set-Cookie": "session=s3cr3t"])),
        ])
        let client = APIClient(
            baseURL: baseURL, transport: transport, clock: TestClock(),
            defaultHeaders: ["Authorization": "Bearer very-secret-token"], logger: logger
        )
        let endpoint = Endpoint<UserDTO>(.post, "/api/login", body: Login(), query: ["token": "query-secret", "lang": "ja"])

        _ = await failure { try await client.send(endpoint) }   // 503, a POST: not retried
        _ = try await client.send(endpoint)                      // 200, secrets in the answer

        let lines = handler.entries.map { entry in
            "\(entry.level) \(entry.message) \(entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
        }
        let everything = lines.joined(separator: "\n")
        for secret in ["very-secret-token", "hunter2-secret", "tok-123", "query-secret", "abc.def", "s3cr3t"] {
            #expect(!everything.contains(secret), "\(secret) leaked into the logs:\n\(everything)")
        }
        #expect(lines.contains("debug → POST /v1/api/login?token=%3Credacted%3E&lang=ja attempt=1"))
        #expect(lines.contains { $0.hasPrefix("debug ← 503 POST /v1/api/login?token=%3Credacted%3E&lang=ja (16 B, ") })
        #expect(lines.contains(#"notice ✕ POST /v1/api/login?token=%3Credacted%3E&lang=ja: HTTP 503: {"error":"busy"} attempt=1"#))
        #expect(everything.contains(#""password":"<redacted>""#))
        #expect(everything.contains("Authorization: <redacted>"))
    }
}
