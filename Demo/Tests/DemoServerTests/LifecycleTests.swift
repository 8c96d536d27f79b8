import MVVMTestSupport
import DemoServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("Starting and stopping", .timeLimit(.minutes(2)))
struct LifecycleTests {
    @Test("Port 0 binds a real ephemeral port; the base URL uses it")
    func ephemeralPort() async throws {
        try await withServer { server, client in
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            #expect(server.userCount == testUserCount)
            let stats = try await client.get("/api/users/stats")
            #expect(stats.status == 200)
        }
    }

    @Test("Two servers run side by side with their own data")
    func twoServers() async throws {
        try await withServer { first, firstClient in
            try await withServer { second, secondClient in
                #expect(first.port != second.port)
                #expect(first.databasePath != second.databasePath)
                let deleted = try await firstClient.delete("/api/users/1")
                let goneOnFirst = try await firstClient.get("/api/users/1")
                let keptOnSecond = try await secondClient.get("/api/users/1")
                #expect(deleted.status == 204)
                #expect(goneOnFirst.status == 404)
                #expect(keptOnSecond.status == 200)
            }
        }
    }

    @Test("stop() is clean and idempotent; the temporary database is removed")
    func stopIsIdempotent() async throws {
        let server = try await DemoServer.start(.init(userCount: testUserCount))
        let client = APIClient(baseURL: server.baseURL)
        #expect(try await client.get("/api/users/stats").status == 200)
        client.close()
        #expect(FileManager.default.fileExists(atPath: server.databasePath))

        async let first: Void = server.stop()
        async let second: Void = server.stop()
        _ = await (first, second)
        await server.stop()

        #expect(!FileManager.default.fileExists(atPath: server.databasePath))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: server.databasePath).deletingLastPathComponent().path))
        let after = APIClient(baseURL: server.baseURL)
        defer { after.close() }
        await #expect(throws: URLError.self) {
            try await after.get("/api/users/stats")
        }
    }

    @Test("stop() cuts short a request waiting on an injected latency")
    func stopDuringLatency() async throws {
        let events = LogEvents()
        // An idle timeout longer than the latency: only stop() may end the request (a loaded
        // ThreadSanitizer run once took over 30 s to get here, and the idle close answered first).
        let server = try await DemoServer.start(.init(userCount: 10, idleTimeout: .seconds(120)), logger: events.logger)
        let client = APIClient(baseURL: server.baseURL)
        defer { client.close() }
        let request = Task { try await client.get("/api/users/1", headers: ["X-Demo-Fault": "latency=30s"]) }
        await events.waitFor("Injecting faults")  // the request is on the server, sleeping

        await server.stop()   // the request answers now, not after its 30 s latency:
        let result = try await request.value
        let message = try expectError(result, status: 503, code: "injected_fault")
        #expect(message == "The server is stopping; the injected latency was cut short.")
    }

    @Test("A busy port gives a clear error")
    func busyPort() async throws {
        try await withServer { server, _ in
            let error = await #expect(throws: DemoServerError.self) {
                try await DemoServer.start(.init(port: server.port, userCount: 10))
            }
            #expect(error == .portInUse(host: "127.0.0.1", port: server.port))
            #expect(error?.description == "Port \(server.port) is already in use on 127.0.0.1.")
        }
    }

    @Test("An unusable database path gives a clear error")
    func unusableDatabasePath() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)

        let underFile = file.appendingPathComponent("users.sqlite").path
        let error = await #expect(throws: DemoServerError.self) {
            try await DemoServer.start(.init(databasePath: underFile, userCount: 10))
        }
        #expect(error?.description == "Cannot use the database at \(underFile): \(file.path) is a file, not a folder.")

        let missingFolder = folder.appendingPathComponent("missing/users.sqlite").path
        let missing = await #expect(throws: DemoServerError.self) {
            try await DemoServer.start(.init(databasePath: missingFolder, userCount: 10))
        }
        #expect(missing?.description.hasPrefix("Cannot use the database at \(missingFolder): the folder ") == true)

        let garbage = folder.appendingPathComponent("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: garbage)
        let notDatabase = await #expect(throws: DemoServerError.self) {
            try await DemoServer.start(.init(databasePath: garbage.path, userCount: 10))
        }
        #expect(notDatabase?.description.hasPrefix("Cannot use the database at \(garbage.path): ") == true)
    }

    @Test("Bad configuration values give clear errors", arguments: [
        (DemoServerConfiguration(userCount: 0), "The user count must be at least 1, but was 0."),
        (DemoServerConfiguration(port: 70_000), "Port 70000 is out of range; use 0 to 65535 (0 picks a free port)."),
        (DemoServerConfiguration(port: -1), "Port -1 is out of range; use 0 to 65535 (0 picks a free port)."),
    ])
    func badConfiguration(configuration: DemoServerConfiguration, message: String) async {
        let error = await #expect(throws: DemoServerError.self) {
            try await DemoServer.start(configuration)
        }
        #expect(error?.description == message)
    }

    @Test("An existing seeded database is reused, not reseeded, and kept after stop")
    func reuseDatabase() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("users.sqlite").path

        try await withServer(.init(databasePath: path, userCount: 50)) { server, client in
            #expect(server.userCount == 50)
            #expect(server.databasePath == path)
            let deleted = try await client.delete("/api/users/3")
            #expect(deleted.status == 204)
        }
        #expect(FileManager.default.fileExists(atPath: path))

        try await withServer(.init(databasePath: path, userCount: 80)) { server, client in
            #expect(server.userCount == 49)
            let stats = try await client.get("/api/users/stats").decode(StatsDTO.self)
            let deleted = try await client.get("/api/users/3")
            #expect(stats.total == 49)
            #expect(deleted.status == 404)
        }
    }
}
