@testable import DemoServer
import MVVMTestSupport
import Foundation
import GRDB
import Testing

/// Which users have an avatar, and the `avatarURL` the JSON gives them: the route's path for all
/// but every 7th user, `null` for those; by the id alone, so users added later and databases made
/// by older servers follow the same rule.
@Suite("Avatars: who has one, and avatarURL", .timeLimit(.minutes(2)))
struct AvatarURLTests {
    /// The `avatarURL` the API must send for `id`.
    static func expectedURL(_ id: Int) -> String? {
        id % 7 == 0 ? nil : "/api/users/\(id)/avatar"
    }

    @Test("Every user but every 7th has avatarURL /api/users/{id}/avatar, which answers a PNG; the others null, which is 404")
    func everyUser() async throws {
        try await withServer { _, client in
            let users = try await client.allUsers()
            #expect(users.count == testUserCount)
            for user in users {
                #expect(user.avatarURL == Self.expectedURL(user.id), "user \(user.id)")
            }
            #expect(users.filter { $0.avatarURL == nil }.count == testUserCount / 7)
            // The path is appended to the base URL, as the app's client does with endpoint paths.
            for user in users.prefix(15) {
                let path = user.avatarURL ?? "/api/users/\(user.id)/avatar"
                let result = try await client.get(path)
                #expect(result.status == (user.avatarURL == nil ? 404 : 200), "user \(user.id)")
            }
            let single = try await client.get("/api/users/22").decode(UserDTO.self)
            #expect(single.avatarURL == "/api/users/22/avatar")
            let patched = try await client.patch("/api/users/22", json: #"{"isActive": true}"#).decode(UserDTO.self)
            #expect(patched.avatarURL == "/api/users/22/avatar")
        }
    }

    @Test("A user added after seeding follows the same rule")
    func laterUsers() async throws {
        try await withServer { server, client in
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            let database = try DatabaseQueue(path: server.databasePath, configuration: configuration)
            try await database.write { db in
                try UserMigrations.insert([
                    SeedUser(id: 301, name: "Later 301", email: "later301@example.com", isActive: true),
                    SeedUser(id: 302, name: "Later 302", email: "later302@example.com", isActive: true),
                ], into: db)
            }
            #expect(try await client.get("/api/users/301").decode(UserDTO.self).avatarURL == nil)
            #expect(try await client.get("/api/users/302").decode(UserDTO.self).avatarURL == "/api/users/302/avatar")
            try expectError(try await client.get("/api/users/301/avatar"), status: 404, code: "not_found")
            #expect(try await client.get("/api/users/302/avatar").status == 200)
        }
    }

    @Test("A database seeded by an older server (example.com addresses for every 7th user) answers by the new rule, its old addresses cleared")
    func oldDatabase() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("users.sqlite").path
        let configuration = DemoServerConfiguration(databasePath: path, userCount: 30)
        try await withServer(configuration) { _, _ in }
        // Make it what an older server left: its addresses, and no record of the new migration.
        let database = try DatabaseQueue(path: path)
        try await database.write { db in
            try db.execute(sql: #"UPDATE "user" SET avatarURL = 'https://example.com/avatars/' || id || '.png' WHERE id % 7 = 0"#)
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'avatarURLFromID'")
        }
        try database.close()
        try await withServer(configuration) { _, client in
            let users = try await client.allUsers()
            #expect(users.map(\.avatarURL) == users.map { Self.expectedURL($0.id) })
        }
        let reopened = try DatabaseQueue(path: path)
        let stored = try await reopened.read { db in
            try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "user" WHERE avatarURL IS NOT NULL"#)
        }
        #expect(stored == 0)
        try reopened.close()
    }
}
