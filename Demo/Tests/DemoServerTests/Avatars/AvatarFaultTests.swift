import DemoServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The `X-Demo-Fault` header and the server's default faults apply to the avatar route as to every
/// other `/api/` route; `malformed` there answers `image/png` bytes that are not a PNG.
@Suite("Avatars: faults", .timeLimit(.minutes(2)))
struct AvatarFaultTests {
    @Test("latency delays the PNG by at least the asked time")
    func latency() async throws {
        try await withServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.get("/api/users/17/avatar", headers: ["X-Demo-Fault": "latency=300ms"])
            let elapsed = clock.now - start
            #expect(result.status == 200)
            #expect(try PNGFile(result.body).width == 64)
            #expect(elapsed >= .milliseconds(300), "took \(elapsed)")
        }
    }

    @Test("status answers a JSON injected_fault error instead of the PNG", arguments: [500, 503])
    func status(code: Int) async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users/17/avatar", headers: ["X-Demo-Fault": "status=\(code)"])
            try expectError(result, status: code, code: "injected_fault")
        }
    }

    @Test("A server-wide default fault applies to the avatar route too")
    func defaultFault() async throws {
        let configuration = DemoServerConfiguration(userCount: testUserCount, defaultFaults: FaultPlan(status: 502))
        try await withServer(configuration) { _, client in
            _ = try expectError(try await client.get("/api/users/17/avatar"), status: 502, code: "injected_fault")
        }
    }

    @Test("truncate sends the first half of the PNG, with a Content-Length for that half")
    func truncate() async throws {
        try await withServer { _, client in
            let real = try await client.get("/api/users/17/avatar")
            let cut = try await client.get("/api/users/17/avatar", headers: ["X-Demo-Fault": "truncate"])
            #expect(cut.status == 200)
            #expect(cut.header("Content-Type") == "image/png")
            #expect(cut.header("Content-Length") == "\(real.body.count / 2)")
            #expect(cut.body == real.body.prefix(real.body.count / 2))
            #expect(throws: PNGFile.Invalid.self) { try PNGFile(cut.body) }
            // The connection is still usable afterwards.
            #expect(try await client.get("/api/users/17/avatar").body == real.body)
        }
    }

    @Test("malformed answers 200 image/png with bytes that start like a PNG and are not one")
    func malformed() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users/17/avatar", headers: ["X-Demo-Fault": "malformed"])
            #expect(result.status == 200)
            #expect(result.header("Content-Type") == "image/png")
            #expect(result.body.starts(with: PNGFile.signature))
            #expect(throws: PNGFile.Invalid.self) { try PNGFile(result.body) }
            // A JSON route still gets malformed JSON.
            let json = try await client.get("/api/users/17", headers: ["X-Demo-Fault": "malformed"])
            #expect(json.header("Content-Type") == "application/json")
            #expect(json.text == #"{"items": [ {"id": 1,,}"#)
        }
    }

    @Test("close drops the connection without an answer")
    func close() async throws {
        try await withServer { _, client in
            await #expect(throws: URLError.self) {
                try await client.get("/api/users/17/avatar", headers: ["X-Demo-Fault": "close"])
            }
            let after = try await client.get("/api/users/17/avatar")
            #expect(after.status == 200)
        }
    }
}
