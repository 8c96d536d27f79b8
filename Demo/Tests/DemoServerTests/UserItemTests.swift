@testable import DemoServer
import Foundation
import Testing

@Suite("Users: get, patch, delete", .timeLimit(.minutes(2)))
struct UserItemTests {
    @Test("GET /api/users/{id} returns the seeded user")
    func getUser() async throws {
        try await withServer { _, client in
            let seeded = UserSeeder.makeUsers(count: testUserCount)[13]
            let result = try await client.get("/api/users/14")
            #expect(result.status == 200)
            #expect(result.header("Content-Type") == "application/json")
            let user = try result.decode(UserDTO.self)
            #expect(user == UserDTO(id: 14, name: seeded.name, email: seeded.email, isActive: seeded.isActive, avatarURL: nil))
            // Every 7th user has no avatar; the others' is a path under the API's base URL.
            #expect(try await client.get("/api/users/15").decode(UserDTO.self).avatarURL == "/api/users/15/avatar")
        }
    }

    @Test("stats is its own route, not an id")
    func statsIsNotAnID() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users/stats")
            #expect(result.status == 200)
            #expect(try result.decode(StatsDTO.self).total == 300)
        }
    }

    @Test("A missing user is 404 not_found for GET, PATCH and DELETE")
    func missingUser() async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.get("/api/users/301"), status: 404, code: "not_found")
            #expect(message == "No user has id 301.")
            try expectError(try await client.patch("/api/users/999", json: #"{"isActive": true}"#), status: 404, code: "not_found")
            try expectError(try await client.delete("/api/users/999"), status: 404, code: "not_found")
        }
    }

    @Test("An id that is not a positive integer is 400 invalid_parameter", arguments: [
        "0", "-1", "abc", "1.5", "99999999999999999999", "%20", "1a", "%E5%B1%B1",
    ])
    func badID(id: String) async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.get("/api/users/\(id)"), status: 400, code: "invalid_parameter")
            #expect(message.contains("user id"))
            try expectError(try await client.patch("/api/users/\(id)", json: #"{"isActive": true}"#), status: 400, code: "invalid_parameter")
            try expectError(try await client.delete("/api/users/\(id)"), status: 400, code: "invalid_parameter")
        }
    }

    @Test("PATCH sets isActive and returns the updated user; GET and stats see it")
    func patchUser() async throws {
        try await withServer { _, client in
            let before = try await client.get("/api/users/5").decode(UserDTO.self)
            let statsBefore = try await client.get("/api/users/stats").decode(StatsDTO.self)
            let result = try await client.patch("/api/users/5", json: #"{"isActive": \#(!before.isActive)}"#)
            #expect(result.status == 200)
            let updated = try result.decode(UserDTO.self)
            #expect(updated == UserDTO(id: 5, name: before.name, email: before.email, isActive: !before.isActive, avatarURL: before.avatarURL))
            #expect(try await client.get("/api/users/5").decode(UserDTO.self) == updated)
            let statsAfter = try await client.get("/api/users/stats").decode(StatsDTO.self)
            #expect(statsAfter.active == statsBefore.active + (updated.isActive ? 1 : -1))
            // Setting the same value again is fine and changes nothing.
            let again = try await client.patch("/api/users/5", json: #"{"isActive": \#(updated.isActive), "name": "ignored"}"#)
            #expect(try again.decode(UserDTO.self) == updated)
        }
    }

    @Test("A PATCH body that is not an object with a boolean isActive is 400 invalid_body", arguments: [
        "", "not json", "[]", "true", #""isActive""#, "{}", #"{"isActive": null}"#, #"{"isActive": 1}"#,
        #"{"isActive": "false"}"#, #"{"active": false}"#, #"{"isActive": false"#,
    ])
    func badPatchBody(body: String) async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.patch("/api/users/1", json: body), status: 400, code: "invalid_body")
            #expect(message.contains("isActive"))
            // Nothing changed.
            #expect(try await client.get("/api/users/1").decode(UserDTO.self).isActive == true)
        }
    }

    @Test("DELETE answers 204 with no body; the user is gone")
    func deleteUser() async throws {
        try await withServer { _, client in
            let result = try await client.delete("/api/users/10")
            #expect(result.status == 204)
            #expect(result.body.isEmpty)
            try expectError(try await client.get("/api/users/10"), status: 404, code: "not_found")
            try expectError(try await client.delete("/api/users/10"), status: 404, code: "not_found")
            #expect(try await client.get("/api/users/stats").decode(StatsDTO.self).total == 299)
            let page = try await client.get("/api/users?size=12").decode(PageDTO.self)
            #expect(page.items.map(\.id) == Array(1...9) + [11, 12, 13])
            #expect(page.total == 299)
        }
    }

    @Test("Unknown routes are 404 not_found with a JSON body")
    func unknownRoute() async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.get("/api/nothing"), status: 404, code: "not_found")
            #expect(message == "No route matches GET /api/nothing.")
            // A path that exists, with a method it does not answer, is 405 (RouteTableTests).
            try expectError(try await client.send("POST", "/api/users", body: Data("{}".utf8)), status: 405, code: "method_not_allowed")
        }
    }
}
