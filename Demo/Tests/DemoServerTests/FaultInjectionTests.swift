import DemoServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("Fault injection", .timeLimit(.minutes(2)))
struct FaultInjectionTests {
    @Test("latency delays the response by at least the asked time")
    func latency() async throws {
        try await withServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.get("/api/users/1", headers: ["X-Demo-Fault": "latency=300ms"])
            let elapsed = clock.now - start
            #expect(result.status == 200)
            #expect(try result.decode(UserDTO.self).id == 1)
            #expect(elapsed >= .milliseconds(300), "took \(elapsed)")
        }
    }

    @Test("status answers that status with an injected_fault error, without running the request", arguments: [500, 503, 429, 404])
    func status(code: Int) async throws {
        try await withServer { _, client in
            let result = try await client.send("DELETE", "/api/users/1", headers: ["X-Demo-Fault": "status=\(code)"])
            let message = try expectError(result, status: code, code: "injected_fault")
            #expect(message.contains("\(code)"))
            #expect(try await client.get("/api/users/1").status == 200)  // the DELETE did not run
        }
    }

    @Test("latency and status combine")
    func latencyAndStatus() async throws {
        try await withServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.get("/api/users", headers: ["X-Demo-Fault": "latency=200ms;status=500"])
            #expect(clock.now - start >= .milliseconds(200))
            try expectError(result, status: 500, code: "injected_fault")
        }
    }

    @Test("malformed answers 200 with a body that is not JSON")
    func malformed() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users", headers: ["X-Demo-Fault": "malformed"])
            #expect(result.status == 200)
            #expect(result.header("Content-Type") == "application/json")
            #expect(result.text == #"{"items": [ {"id": 1,,}"#)
            #expect(throws: (any Error).self) { try result.jsonObject() }
        }
    }

    @Test("truncate answers a complete HTTP message whose JSON is the real body cut in half")
    func truncate() async throws {
        try await withServer { _, client in
            let real = try await client.get("/api/users?size=5")
            let cut = try await client.get("/api/users?size=5", headers: ["X-Demo-Fault": "truncate"])
            #expect(cut.status == 200)
            #expect(cut.body.count == real.body.count / 2)
            #expect(cut.header("Content-Length") == "\(real.body.count / 2)")
            #expect(cut.body == real.body.prefix(real.body.count / 2))
            #expect(throws: (any Error).self) { try cut.jsonObject() }
            // The connection is still usable afterwards.
            #expect(try await client.get("/api/users/stats").status == 200)
        }
    }

    @Test("close drops the connection: the client gets a transport error, not a response")
    func close() async throws {
        try await withServer { _, client in
            await #expect(throws: URLError.self) {
                try await client.get("/api/users/1", headers: ["X-Demo-Fault": "close"])
            }
            // The server is still fine.
            let after = try await client.get("/api/users/1")
            #expect(after.status == 200)
        }
    }

    @Test("A bad X-Demo-Fault header is 400 invalid_parameter naming the bad part")
    func badHeader() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users", headers: ["X-Demo-Fault": "latency=10ms;explode"])
            let message = try expectError(result, status: 400, code: "invalid_parameter")
            #expect(message.contains("X-Demo-Fault"))
            #expect(message.contains("\"explode\""))
        }
    }

    @Test("Server-wide default faults apply to requests without the header; the header overrides them")
    func defaultFaults() async throws {
        let configuration = DemoServerConfiguration(userCount: testUserCount, defaultFaults: FaultPlan(status: 503))
        try await withServer(configuration) { _, client in
            try expectError(try await client.get("/api/users"), status: 503, code: "injected_fault")
            try expectError(try await client.get("/api/forecast/cities"), status: 503, code: "injected_fault")
            let overridden = try await client.get("/api/users/1", headers: ["X-Demo-Fault": "latency=0ms"])
            #expect(overridden.status == 200)
        }
    }
}
