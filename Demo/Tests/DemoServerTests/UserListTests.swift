import Foundation
import Testing

@Suite("Users: list and pagination", .timeLimit(.minutes(2)))
struct UserListTests {
    @Test("Defaults: page 1, size 20, ordered by id")
    func defaults() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users")
            #expect(result.status == 200)
            #expect(result.header("Content-Type") == "application/json")
            let page = try result.decode(PageDTO.self)
            #expect(page.page == 1)
            #expect(page.size == 20)
            #expect(page.total == testUserCount)
            #expect(page.hasMore)
            #expect(page.items.map(\.id) == Array(1...20))
        }
    }

    @Test("A user is exactly {id, name, email, isActive, avatarURL}, with avatarURL null when absent")
    func userJSONShape() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users?size=7")
            let object = try #require(try result.jsonObject() as? [String: Any])
            #expect(Set(object.keys) == ["items", "page", "size", "total", "hasMore", "nextCursor"])
            let items = try #require(object["items"] as? [[String: Any]])
            #expect(items.count == 7)
            for item in items {
                #expect(Set(item.keys) == ["id", "name", "email", "isActive", "avatarURL"])
            }
            #expect(items[0]["avatarURL"] as? String == "/api/users/1/avatar")
            #expect(items[6]["avatarURL"] is NSNull)
            #expect(items[0]["name"] as? String == "山田 太郎")
        }
    }

    @Test("Pages: first, middle, last partial, past the end")
    func paginationBoundaries() async throws {
        try await withServer { _, client in
            // 300 users in pages of 70: 70, 70, 70, 70, 20.
            let first = try await client.get("/api/users?page=1&size=70").decode(PageDTO.self)
            #expect(first.items.map(\.id) == Array(1...70))
            #expect(first.hasMore && first.total == 300 && first.page == 1 && first.size == 70)

            let fourth = try await client.get("/api/users?page=4&size=70").decode(PageDTO.self)
            #expect(fourth.items.map(\.id) == Array(211...280))
            #expect(fourth.hasMore)

            let last = try await client.get("/api/users?page=5&size=70").decode(PageDTO.self)
            #expect(last.items.map(\.id) == Array(281...300))
            #expect(!last.hasMore)
            #expect(last.total == 300)

            let past = try await client.get("/api/users?page=6&size=70").decode(PageDTO.self)
            #expect(past.items.isEmpty)
            #expect(!past.hasMore)
            #expect(past.total == 300)
            #expect(past.page == 6)

            // An exact fit: 3 × 100, the last page has no more.
            let exact = try await client.get("/api/users?page=3&size=100").decode(PageDTO.self)
            #expect(exact.items.map(\.id) == Array(201...300))
            #expect(!exact.hasMore)

            let huge = try await client.get("/api/users?page=\(Int.max)&size=100").decode(PageDTO.self)
            #expect(huge.items.isEmpty && !huge.hasMore && huge.total == 300)
        }
    }

    @Test("The status filter splits the users; stats count the whole table")
    func statusFilterAndStats() async throws {
        try await withServer { _, client in
            let everyone = try await client.allUsers()
            let expectedActive = everyone.filter(\.isActive).count

            let stats = try await client.get("/api/users/stats").decode(StatsDTO.self)
            #expect(stats == StatsDTO(total: 300, active: expectedActive))

            let active = try await client.get("/api/users?status=active&size=100").decode(PageDTO.self)
            #expect(active.total == expectedActive)
            #expect(active.items.allSatisfy { $0.isActive })
            #expect(active.items.map(\.id) == Array(everyone.filter(\.isActive).map(\.id).prefix(100)))

            let inactive = try await client.get("/api/users?status=inactive&size=100").decode(PageDTO.self)
            #expect(inactive.total == 300 - expectedActive)
            #expect(inactive.items.allSatisfy { !$0.isActive })

            let all = try await client.get("/api/users?status=all").decode(PageDTO.self)
            #expect(all.total == 300)

            // Stats ignore list filters.
            let filteredStats = try await client.get("/api/users/stats?status=inactive&q=jose").decode(StatsDTO.self)
            #expect(filteredStats == stats)
        }
    }
}
