@testable import DemoServer
import Foundation
import Testing

/// What a hostile client sends: oversized bodies, NULs in search text, login ids that would
/// hide text or move a terminal's cursor. Each gets a JSON error that names the rule.
@Suite("Hostile input", .timeLimit(.minutes(2)))
struct HostileInputTests {
    static let overLimit = String(repeating: "x", count: 64 * 1024 + 1)

    @Test("A body over 64 KiB is 413 invalid_body, on PATCH and on POST")
    func oversizedBodies() async throws {
        try await withServer { _, client in
            let patch = try await client.patch("/api/users/1", json: #"{"isActive": true, "pad": "\#(Self.overLimit)"}"#)
            let post = try await client.register(#"{"loginID": "a", "password": "secret123", "pad": "\#(Self.overLimit)"}"#)
            for result in [patch, post] {
                let message = try expectError(result, status: 413, code: "invalid_body")
                #expect(message == "The request body is larger than 64 KiB; send a smaller one.")
            }
        }
    }

    @Test("Search text with a control character is 400 invalid_parameter, never a match-all", arguments: [
        ("example.com%00nomatch", "U+0000"),
        ("%1B%5B2J", "U+001B"),
        ("ann%0Dlee", "U+000D"),
    ])
    func controlCharactersInSearch(query: String, scalar: String) async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.get("/api/users?q=\(query)"), status: 400, code: "invalid_parameter")
            #expect(message == "The query parameter q must not contain control characters, but has \(scalar).")
        }
    }

    @Test("Login ids with control, line-break or invisible characters are 422 naming the character", arguments: [
        ("ab\\u001bcd", "U+001B"),
        ("ab\\r\\ncd", "U+000D"),
        ("ab\\u0000cd", "U+0000"),
        ("ab\\u202ecd", "U+202E"),
        ("ab\\u200bcd", "U+200B"),
        ("ab\\u2028cd", "U+2028"),
        ("ab\\ufeffcd", "U+FEFF"),
    ])
    func hiddenCharactersInLoginIDs(loginID: String, scalar: String) async throws {
        try await withServer { _, client in
            let result = try await client.register(#"{"loginID": "\#(loginID)", "password": "secret123"}"#)
            let message = try expectError(result, status: 422, code: "invalid_parameter")
            #expect(message == "The login id must not contain control, line-break or invisible formatting characters, but has \(scalar).")
        }
    }

    @Test("A login id over 254 characters is 422; 254 is accepted")
    func longLoginIDs() async throws {
        try await withServer { _, client in
            let long = String(repeating: "a", count: 60_000)
            let message = try expectError(try await client.register(#"{"loginID": "\#(long)", "password": "secret123"}"#), status: 422, code: "invalid_parameter")
            #expect(message == "The login id must be at most 254 characters, but has 60000.")
            let longest = String(repeating: "b", count: 254)
            #expect(try await client.register(#"{"loginID": "\#(longest)", "password": "secret123"}"#).status == 201)
        }
    }

    /// Lengths count Unicode code points, as the OpenAPI document's `minLength`/`maxLength` do:
    /// a letter with a combining accent is two, not one.
    @Test("Length limits count code points, not grapheme clusters")
    func lengthsCountCodePoints() async throws {
        try await withServer { _, client in
            // 8 code points, 4 graphemes: long enough.
            let accented = String(repeating: "e\u{301}", count: 4)
            #expect(try await client.register(#"{"loginID": "codepoints", "password": "\#(accented)"}"#).status == 201)
            // 300 code points, 150 graphemes: too long.
            let longID = String(repeating: "a\u{301}", count: 150)
            let message = try expectError(
                try await client.register(#"{"loginID": "\#(longID)", "password": "secret123"}"#), status: 422, code: "invalid_parameter"
            )
            #expect(message == "The login id must be at most 254 characters, but has 300.")
            // 202 code points of search text, 101 graphemes: too long.
            let search = String(repeating: "e%CC%81", count: 101)
            try expectError(try await client.get("/api/users?q=\(search)"), status: 400, code: "invalid_parameter")
        }
    }

    @Test("A body that is not UTF-8 is 400 invalid_body, on PATCH and on POST", arguments: [
        [0xFF, 0xFE],                 // never in UTF-8
        [0xC3, 0x28],                 // a lead byte without its continuation
        [0xED, 0xA0, 0x80],           // a UTF-16 surrogate, encoded
    ] as [[UInt8]])
    func bodiesThatAreNotUTF8(bytes: [UInt8]) async throws {
        try await withServer { _, client in
            let before = try await client.get("/api/users/1").decode(UserDTO.self).isActive
            let patchBody = Data(#"{"isActive": \#(!before), "note": ""#.utf8) + Data(bytes) + Data(#""}"#.utf8)
            let patch = try await client.send("PATCH", "/api/users/1", body: patchBody)
            #expect(try expectError(patch, status: 400, code: "invalid_body").hasPrefix("The request body is not valid UTF-8;"))
            let postBody = Data(#"{"loginID": "utf8-"#.utf8) + Data(bytes) + Data(#"", "password": "secret123"}"#.utf8)
            let post = try await client.send("POST", "/api/registrations", body: postBody)
            #expect(try expectError(post, status: 400, code: "invalid_body").hasPrefix("The request body is not valid UTF-8;"))
            #expect(try await client.get("/api/users/1").decode(UserDTO.self).isActive == before, "the user is unchanged")
        }
    }

    @Test("An error quotes at most 64 characters of a value the client sent", arguments: [
        "/api/forecast/city/", "/api/forecast?city=", "/api/users?status=", "/api/users?page=", "/api/users/",
    ])
    func hugeValuesAreQuotedShort(path: String) async throws {
        try await withServer { _, client in
            let huge = String(repeating: "9", count: 50_000)
            let message = try expectError(try await client.get(path + huge), status: 400, code: "invalid_parameter")
            #expect(message.contains("\"" + String(repeating: "9", count: 64) + "…\""), "\(message.prefix(200))")
            #expect(message.count < 300)
        }
    }
}
