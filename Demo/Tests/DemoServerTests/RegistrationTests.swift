@testable import DemoServer
import Foundation
import Logging
import Testing

@Suite("Registrations", .timeLimit(.minutes(2)))
struct RegistrationTests {
    @Test("POST /api/registrations answers 201 with the login id and a deterministic registeredAt")
    func registers() async throws {
        try await withServer { _, client in
            let first = try await client.register(#"{"loginID": "mika@example.jp", "password": "secret123"}"#)
            #expect(first.status == 201)
            #expect(first.header("Content-Type") == "application/json")
            #expect(first.text == #"{"loginID":"mika@example.jp","registeredAt":"2024-10-01T00:00:01Z"}"#)

            // Surrounding whitespace is not part of the id; other keys are ignored.
            let second = try await client.register(#"{"loginID": "  ken_1 ", "password": "12345678", "name": "Ken"}"#)
            #expect(second.status == 201)
            #expect(try second.decode(RegistrationDTO.self) == RegistrationDTO(loginID: "ken_1", registeredAt: "2024-10-01T00:00:02Z"))
        }
    }

    @Test("Reserved ids and every user's email are taken from the start, in any case", arguments: [
        "admin", "ADMIN", "Taro", "hanako", " hanako ",
    ])
    func reservedIDs(loginID: String) async throws {
        try await withServer { _, client in
            let result = try await client.register(#"{"loginID": "\#(loginID)", "password": "secret123"}"#)
            let message = try expectError(result, status: 409, code: "id_taken")
            #expect(message == "This login id is already taken; choose another one.")
        }
    }

    @Test("A seeded user's email is taken, compared case-insensitively")
    func seededEmails() async throws {
        try await withServer { _, client in
            let seeded = UserSeeder.makeUsers(count: testUserCount)
            for email in [seeded[0].email, seeded[299].email.uppercased()] {
                try expectError(try await client.register(#"{"loginID": "\#(email)", "password": "secret123"}"#), status: 409, code: "id_taken")
            }
            // A user that no longer exists leaves its email free.
            #expect(try await client.delete("/api/users/7").status == 204)
            #expect(try await client.register(#"{"loginID": "\#(seeded[6].email)", "password": "secret123"}"#).status == 201)
        }
    }

    @Test("An id registered earlier is taken for the rest of the server's life, in any case")
    func registeredEarlier() async throws {
        try await withServer { _, client in
            #expect(try await client.register(#"{"loginID": "Sakura", "password": "secret123"}"#).status == 201)
            for again in ["Sakura", "sakura", " SAKURA"] {
                try expectError(try await client.register(#"{"loginID": "\#(again)", "password": "other-password-1"}"#), status: 409, code: "id_taken")
            }
            // A taken id leaves no trace: the next registration gets the next timestamp.
            let next = try await client.register(#"{"loginID": "sakura2", "password": "secret123"}"#)
            #expect(try next.decode(RegistrationDTO.self).registeredAt == "2024-10-01T00:00:02Z")
        }
        // A new server starts with only the reserved ids and the users' emails taken.
        try await withServer { _, client in
            let again = try await client.register(#"{"loginID": "Sakura", "password": "secret123"}"#)
            #expect(again.status == 201)
        }
    }

    @Test("A body that is not an object with a string loginID and password is 400 invalid_body", arguments: [
        "", "not json", "[]", "42", "{}", #"{"loginID": "kenji"}"#, #"{"password": "hunter2hunter2"}"#,
        #"{"loginID": null, "password": "hunter2hunter2"}"#, #"{"loginID": 7, "password": "hunter2hunter2"}"#,
        #"{"loginID": "kenji", "password": 12345678}"#, #"{"loginID": "kenji", "password": "hunter2hunter2""#,
    ])
    func badBody(body: String) async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.register(body), status: 400, code: "invalid_body")
            #expect(message.contains("loginID") && message.contains("password"))
            #expect(!message.contains("hunter2"))
        }
    }

    @Test("A blank login id or a password under 8 characters is 422 invalid_parameter", arguments: [
        (#"{"loginID": "", "password": "secret123"}"#, "The login id is blank; send an id or an email address."),
        (#"{"loginID": " \t\n", "password": "secret123"}"#, "The login id is blank; send an id or an email address."),
        (#"{"loginID": "kenji", "password": "hunter2"}"#, "The password is too short; use at least 8 characters."),
        (#"{"loginID": "kenji", "password": ""}"#, "The password is too short; use at least 8 characters."),
        (#"{"loginID": "kenji", "password": "\u0000abcdefgh"}"#, "The password must not contain U+0000 (NUL)."),
    ])
    func policy(body: String, expected: String) async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.register(body), status: 422, code: "invalid_parameter")
            #expect(message == expected)
            // Nothing was registered: the id is still free.
            #expect(try await client.register(#"{"loginID": "kenji", "password": "hunter22"}"#).status == 201)
        }
    }

    @Test("Concurrent registrations of one id, in different cases: exactly one 201, the rest 409")
    func concurrentRegistrations() async throws {
        try await withServer { _, client in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<30 {
                    let loginID = index.isMultiple(of: 2) ? "yuki@example.jp" : "YUKI@example.jp"
                    group.addTask {
                        try await client.register(#"{"loginID": "\#(loginID)", "password": "secret123"}"#).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1)
            #expect(statuses.filter { $0 == 409 }.count == 29)
        }
    }

    @Test("Fault injection applies: status=503 answers injected_fault and registers nothing")
    func faults() async throws {
        try await withServer { _, client in
            let body = #"{"loginID": "haru", "password": "secret123"}"#
            let result = try await client.register(body, headers: ["X-Demo-Fault": "status=503"])
            try expectError(result, status: 503, code: "injected_fault")
            #expect(try await client.register(body).status == 201)
        }
    }

    @Test("The password never reaches the server log, even at debug level")
    func passwordIsNeverLogged() async throws {
        let log = CapturedLog()
        let server = try await DemoServer.start(.init(userCount: 10), logger: log.logger)
        let client = APIClient(baseURL: server.baseURL)
        let password = "zebra-Password-42"
        let statuses = [
            try await client.register(#"{"loginID": "aoi", "password": "\#(password)"}"#).status,
            try await client.register(#"{"loginID": "aoi", "password": "\#(password)"}"#).status,
            try await client.register(#"{"loginID": "", "password": "\#(password)"}"#).status,
            try await client.register(#"{"loginID": 1, "password": "\#(password)"}"#).status,
            try await client.register(#"{"loginID": "mei", "password": "\#(password)"}"#, headers: ["X-Demo-Fault": "status=500"]).status,
        ]
        client.close()
        await server.stop()
        let lines = await log.lines()

        #expect(statuses == [201, 409, 422, 400, 500])
        #expect(lines.contains { $0.contains("/api/registrations") })  // requests were logged...
        #expect(!lines.contains { $0.contains(password) })             // ...their passwords were not
    }

    @Test("The route summary lists the route")
    func routeSummary() {
        #expect(DemoServer.routeSummary.contains("POST   /api/registrations"))
    }
}

/// The body of a 201 from `POST /api/registrations`.
private struct RegistrationDTO: Codable, Equatable {
    let loginID: String
    let registeredAt: String
}

/// Every log line, message and metadata, at debug level and above.
private struct CapturedLog: Sendable {
    let logger: Logger
    private let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        var logger = Logger(label: "RegistrationTests") { _ in LineHandler(continuation: continuation) }
        logger.logLevel = .debug
        self.logger = logger
        self.stream = stream
        self.continuation = continuation
    }

    /// The lines logged so far; call it once, after the server stopped.
    func lines() async -> [String] {
        continuation.finish()
        return await stream.reduce(into: []) { $0.append($1) }
    }
}

/// Sends each log event, with all its metadata, as one line.
private struct LineHandler: LogHandler {
    let continuation: AsyncStream<String>.Continuation
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .debug

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        continuation.yield("\(event.level) \(event.message) \(merged) \(event.source) \(event.file)")
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}
