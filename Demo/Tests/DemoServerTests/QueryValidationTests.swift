import Foundation
import Testing

@Suite("Users: query validation", .timeLimit(.minutes(2)))
struct QueryValidationTests {
    @Test("Every bad query parameter is 400 invalid_parameter naming the parameter and the value", arguments: [
        ("page=0", "page", "\"0\""),
        ("page=-1", "page", "\"-1\""),
        ("page=abc", "page", "\"abc\""),
        ("page=", "page", "\"\""),
        ("page=1.5", "page", "\"1.5\""),
        ("page=%2B1", "page", "\"+1\""),
        ("page=99999999999999999999", "page", "\"99999999999999999999\""),
        ("size=0", "size", "\"0\""),
        ("size=101", "size", "\"101\""),
        ("size=ten", "size", "\"ten\""),
        ("size=", "size", "\"\""),
        ("status=foo", "status", "\"foo\""),
        ("status=ACTIVE", "status", "\"ACTIVE\""),
        ("status=", "status", "\"\""),
        ("q=" + String(repeating: "x", count: 101), "q", "101"),
        ("q=" + String(repeating: "%E5%B1%B1", count: 101), "q", "101"),
    ])
    func badParameter(query: String, parameter: String, value: String) async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.get("/api/users?\(query)"), status: 400, code: "invalid_parameter")
            #expect(message.contains("query parameter \(parameter) "))
            #expect(message.contains(value))
        }
    }

    @Test("Limits are inclusive: size 1 and 100, a q of 100 characters")
    func limits() async throws {
        try await withServer { _, client in
            let one = try await client.get("/api/users?size=1").decode(PageDTO.self)
            let hundred = try await client.get("/api/users?size=100").decode(PageDTO.self)
            let longQuery = try await client.get("/api/users?q=\(String(repeating: "x", count: 100))")
            #expect(one.items.map(\.id) == [1])
            #expect(hundred.items.count == 100)
            #expect(longQuery.status == 200)
        }
    }
}
