@testable import DemoServer
import Foundation
import Testing

/// What a request says about itself is checked before it is believed (issue 54): a body that
/// declares more than the limit is refused at once, not after the idle timeout; a write with two
/// idempotency keys, or a body naming one key twice, is refused rather than read one way.
@Suite("Requests that contradict themselves", .timeLimit(.minutes(2)))
struct BodyTrustTests {
    @Test("A body that declares more than 64 KiB is 413 at once, before a byte of it is read", arguments: ["PATCH /api/users/1", "POST /api/registrations"])
    func declaredTooLarge(route: String) async throws {
        try await withServer { server, _ in
            // 100 MB declared, 1 KB sent: the old server waited for the rest until its idle timeout.
            let request = "\(route) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n" + String(repeating: " ", count: 1_000)
            let start = ContinuousClock.now
            let answer = try #require(try await RawHTTP.answer(to: request, port: server.port))
            #expect(answer.status == 413)
            #expect(answer.error?.code == "invalid_body")
            #expect(answer.error?.message == "The request body is larger than 64 KiB; send a smaller one.")
            #expect(ContinuousClock.now - start < .seconds(5), "answered before any timeout")
        }
    }

    @Test("Two Idempotency-Key header fields are 400 invalid_parameter, and nothing is applied")
    func twoIdempotencyKeys() async throws {
        try await withServer { server, client in
            let before = try await client.get("/api/users/1").decode(UserDTO.self)
            let body = #"{"isActive": \#(!before.isActive)}"#
            let request = "PATCH /api/users/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nIdempotency-Key: one\r\n"
                + "Idempotency-Key: two\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
            let answer = try #require(try await RawHTTP.answer(to: request, port: server.port))
            #expect(answer.status == 400)
            #expect(answer.error?.code == "invalid_parameter")
            #expect(answer.error?.message == "Send one Idempotency-Key header field, not 2.")
            #expect(try await client.get("/api/users/1").decode(UserDTO.self).isActive == before.isActive, "not applied")
        }
    }

    @Test("A body naming a key twice is 400 invalid_body, and nothing is applied", arguments: [
        #"{"isActive": true, "isActive": false}"#,
        #"{"isActive": false, "is\u0041ctive": true}"#,
    ])
    func duplicateKeysInAPatch(body: String) async throws {
        try await withServer { _, client in
            let before = try await client.get("/api/users/1").decode(UserDTO.self)
            let message = try expectError(try await client.patch("/api/users/1", json: body), status: 400, code: "invalid_body")
            #expect(message == #"The request body has isActive twice; send each key once, such as {"isActive": false}."#)
            #expect(try await client.get("/api/users/1").decode(UserDTO.self) == before)
        }
    }

    @Test("A registration naming a key twice is 400 invalid_body, naming neither value")
    func duplicateKeysInARegistration() async throws {
        try await withServer { _, client in
            let body = #"{"loginID": "a@example.com", "password": "secret123", "password": "other-secret"}"#
            let message = try expectError(try await client.register(body), status: 400, code: "invalid_body")
            #expect(message.hasPrefix("The request body has password twice; send each key once"))
            #expect(!message.contains("other-secret") && !message.contains("a@example.com"), "no value sent repeated")
        }
    }

    @Test("A key twice inside a nested value, or an unknown key twice, is named without quoting it")
    func nestedAndUnknownKeys() throws {
        #expect(JSONKeys.repeatedTopLevelKey(in: Data(#"{"a": {"x": 1, "x": 2}, "b": [{"y": 1}, {"y": 2}]}"#.utf8)) == nil, "only the top level is one object's keys")
        #expect(JSONKeys.repeatedTopLevelKey(in: Data(#"{"\u001b[2J": 1, "\u001b[2J": 2}"#.utf8)) == "\u{1b}[2J")
        #expect(JSONKeys.repeatedTopLevelKey(in: Data(#"{"k\"": 1, "k\"": 2, "z": "\"}"}"#.utf8)) == "k\"")
        #expect(JSONKeys.repeatedTopLevelKey(in: Data(#"[1, 1]"#.utf8)) == nil)
    }

    /// Found by schemathesis: U+2000 and U+2002 are canonically equivalent, so a `Set<String>` took
    /// them as one key, and a registration the schema allows was refused.
    @Test("Keys are compared by code points: canonically equivalent keys are two keys")
    func keysAreComparedByCodePoints() async throws {
        #expect(JSONKeys.repeatedTopLevelKey(in: Data(#"{"\u2000": 1, "\u2002": 2}"#.utf8)) == nil)
        #expect(JSONKeys.repeatedTopLevelKey(in: Data("{\"\u{2000}\": 1, \"\u{2000}\": 2}".utf8)) == "\u{2000}")
        try await withServer { _, client in
            let body = #"{"\u202f": null, "\u200a": null, "\u2000": null, "\t": null, "\u2002": null, "loginID": "taro@example.com", "password": "secret123"}"#
            let result = try await client.register(body)
            #expect(result.status == 201, "\(String(decoding: result.body, as: UTF8.self))")
        }
    }
}
