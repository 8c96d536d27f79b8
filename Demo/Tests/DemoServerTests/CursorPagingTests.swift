@testable import DemoServer
import Foundation
import GRDB
import Testing

/// Pages read by cursor never skip or repeat a user, whatever is deleted or added between them;
/// pages read by number (kept for old clients) do, which is why the app reads by cursor.
@Suite("Users: cursor paging", .timeLimit(.minutes(2)))
struct CursorPagingTests {
    /// Reads one page: the first when `cursor` is nil.
    func page(_ client: APIClient, cursor: String?, size: Int = 20, query: String = "") async throws -> PageDTO {
        let after = cursor.map { "&cursor=\($0)" } ?? ""
        let result = try await client.get("/api/users?size=\(size)\(after)\(query)")
        #expect(result.status == 200)
        return try result.decode(PageDTO.self)
    }

    /// A second connection to the server's SQLite file, to add users the API cannot add.
    func database(_ server: DemoServer) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return try DatabaseQueue(path: server.databasePath, configuration: configuration)
    }

    func insertUser(id: Int, into database: DatabaseQueue) async throws {
        try await database.write { db in
            try UserMigrations.insert(
                [SeedUser(id: id, name: "New \(id)", email: "new\(id)@example.com", isActive: true)], into: db
            )
        }
    }

    @Test("Every page carries nextCursor; the last page's is null; cursor pages follow on exactly")
    func cursorsChainThePages() async throws {
        try await withServer { _, client in
            var ids: [Int] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await page(client, cursor: cursor, size: 70)
                #expect(page.page == (cursor == nil ? 1 : nil))
                #expect(page.total == 300)
                #expect(page.hasMore == (page.nextCursor != nil))
                ids += page.items.map(\.id)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil
            #expect(pages == 5)
            #expect(ids == Array(1...300))
        }
    }

    @Test("Delete 3 rows of page 1, then load page 2: by cursor nobody is missed; by number one is")
    func deletesBeforeTheCursorSkipNobody() async throws {
        try await withServer { _, client in
            let first = try await page(client, cursor: nil)
            #expect(first.items.map(\.id) == Array(1...20))
            for id in [3, 7, 11] {
                #expect(try await client.delete("/api/users/\(id)").status == 204)
            }
            let second = try await page(client, cursor: first.nextCursor)
            #expect(second.items.map(\.id) == Array(21...40))
            // The old way, as the article's page counter does it: users 21, 22 and 23 are never shown.
            let numbered = try await client.get("/api/users?page=2&size=20").decode(PageDTO.self)
            #expect(numbered.items.first?.id == 24)
        }
    }

    @Test("Rows inserted ahead of the cursor are shown once; rows inserted behind it never twice")
    func insertsNeverRepeat() async throws {
        try await withServer { server, client in
            let database = try database(server)
            #expect(try await client.delete("/api/users/5").status == 204)
            #expect(try await client.delete("/api/users/30").status == 204)
            let first = try await page(client, cursor: nil)
            #expect(first.items.map(\.id) == Array(1...4) + Array(6...21))
            try await insertUser(id: 5, into: database)     // behind the cursor: the user scrolled past it
            try await insertUser(id: 30, into: database)    // ahead of it
            let second = try await page(client, cursor: first.nextCursor)
            #expect(second.items.map(\.id) == Array(22...41))
        }
    }

    @Test("Random deletes, inserts and page loads: no user missing, none twice", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomInterleavings(seed: UInt64) async throws {
        try await withServer { server, client in
            let database = try database(server)
            var random = SplitMix64(seed: seed)
            var shown: [Int] = []
            /// Ids that existed for the whole walk: each must be shown exactly once.
            var alwaysThere = Set(1...300)
            var freeIDs = Array(301...400)
            var cursor: String?
            var done = false
            while !done {
                for _ in 0..<Int(random.next() % 4) {
                    if random.next() % 2 == 0 {
                        let id = Int(random.next() % 300) + 1
                        _ = try await client.delete("/api/users/\(id)")
                        alwaysThere.remove(id)
                    } else if !freeIDs.isEmpty {
                        let id = freeIDs.remove(at: Int(random.next() % UInt64(freeIDs.count)))
                        try await insertUser(id: id, into: database)
                    }
                }
                let size = Int(random.next() % 30) + 1
                let page = try await page(client, cursor: cursor, size: size)
                shown += page.items.map(\.id)
                cursor = page.nextCursor
                done = cursor == nil
            }
            #expect(shown == shown.sorted(), "in id order")
            #expect(Set(shown).count == shown.count, "nobody twice")
            #expect(alwaysThere.subtracting(shown).isEmpty, "nobody who was there all along is missing")
        }
    }

    @Test("A cursor that is not u and up to 17 digits is 400 invalid_parameter, quoted at most 64 characters")
    func badCursors() async throws {
        try await withServer { _, client in
            for bad in ["x", "u", "u-1", "U5", "u%201", "u123456789012345678", String(repeating: "u", count: 5_000), "u%E2%80%A8"] {
                let message = try expectError(try await client.get("/api/users?cursor=\(bad)"), status: 400, code: "invalid_parameter")
                #expect(message.contains("cursor"))
                #expect(message.count < 250)
            }
        }
    }

    @Test("With a cursor, page is ignored; a cursor past the last user is an empty last page")
    func cursorBeatsPage() async throws {
        try await withServer { _, client in
            let first = try await page(client, cursor: nil)
            let next = try await client.get("/api/users?page=7&cursor=\(first.nextCursor ?? "")").decode(PageDTO.self)
            #expect(next.items.map(\.id) == Array(21...40))
            #expect(next.page == nil)
            let past = try await page(client, cursor: "u99999999999999999")
            #expect(past.items.isEmpty && !past.hasMore && past.nextCursor == nil && past.total == 300)
        }
    }

    @Test("A cursor keeps its q and status: the next page of a filtered list stays filtered")
    func cursorWithFilters() async throws {
        try await withServer { _, client in
            let active = try await page(client, cursor: nil, size: 10, query: "&status=active")
            let next = try await page(client, cursor: active.nextCursor, size: 10, query: "&status=active")
            #expect(next.items.allSatisfy { $0.isActive })
            #expect(try #require(next.items.first?.id) > (active.items.last?.id ?? .max))
            let all = try await client.get("/api/users?status=active&size=20").decode(PageDTO.self)
            #expect(active.items.map(\.id) + next.items.map(\.id) == all.items.map(\.id))
        }
    }
}
