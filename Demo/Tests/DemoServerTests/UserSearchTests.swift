import Foundation
import Testing

@Suite("Users: search", .timeLimit(.minutes(2)))
struct UserSearchTests {
    /// The independent oracle: whether `user`'s name or e-mail contains `query`, ignoring case,
    /// diacritics and width.
    static func matches(_ user: UserDTO, _ query: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        return (user.name + " " + user.email).range(of: query, options: options) != nil
    }

    /// All pages of a search, collected.
    static func search(_ client: APIClient, _ query: String, status: String = "all") async throws -> (total: Int, ids: [Int]) {
        var ids: [Int] = []
        var page = 1
        var total = 0
        while true {
            let body = try await client.get("/api/users?q=\(queryValue(query))&status=\(status)&size=100&page=\(page)")
                .decode(PageDTO.self)
            total = body.total
            ids += body.items.map(\.id)
            guard body.hasMore else { return (total, ids) }
            page += 1
        }
    }

    @Test("Search is case-, diacritic- and width-insensitive on name or e-mail", arguments: [
        "jose", "JOSE", "José", "ＪＯＳＥ", "ZOE", "zoë", "muller", "MÜLLER", "angstrom", "山田", "太郎", "さくら",
        "example.com", "user12.", "francois lefevre",
    ])
    func searchMatchesTheOracle(query: String) async throws {
        try await withServer { _, client in
            let everyone = try await client.allUsers()
            let expected = everyone.filter { Self.matches($0, query) }.map(\.id)
            let (total, ids) = try await Self.search(client, query)
            #expect(!expected.isEmpty)
            #expect(ids == expected)
            #expect(total == expected.count)
        }
    }

    @Test("Known seeded names are found")
    func knownNames() async throws {
        try await withServer { _, client in
            let jose = try await client.get("/api/users?q=jose").decode(PageDTO.self)
            #expect(jose.items.contains { $0.id == 2 && $0.name == "José Álvarez" })
            let zoe = try await client.get("/api/users?q=ZOE").decode(PageDTO.self)
            #expect(zoe.items.contains { $0.id == 4 && $0.name == "Zoë Müller" })
            let yamada = try await client.get("/api/users?q=\(queryValue("山田 太郎"))").decode(PageDTO.self)
            #expect(yamada.items.first?.id == 1)
            #expect(yamada.items.allSatisfy { $0.name == "山田 太郎" })
        }
    }

    @Test("LIKE wildcards and the escape character are taken literally", arguments: ["%", "_", "\\", "%%", "a%e", "j_se"])
    func wildcardsAreLiteral(query: String) async throws {
        try await withServer { _, client in
            let page = try await client.get("/api/users?q=\(queryValue(query))").decode(PageDTO.self)
            #expect(page.total == 0)
            #expect(page.items.isEmpty)
            #expect(!page.hasMore)
        }
    }

    @Test("Search combines with the status filter and pagination")
    func searchWithStatus() async throws {
        try await withServer { _, client in
            let everyone = try await client.allUsers()
            let expected = everyone.filter { Self.matches($0, "a") && $0.isActive }.map(\.id)
            let (total, ids) = try await Self.search(client, "a", status: "active")
            #expect(ids == expected)
            #expect(total == expected.count)
            #expect(total > 100)  // so more than one page was read
        }
    }

    @Test("An empty or blank q is no filter; 100 characters are accepted")
    func blankAndLongQueries() async throws {
        try await withServer { _, client in
            #expect(try await client.get("/api/users?q=").decode(PageDTO.self).total == 300)
            #expect(try await client.get("/api/users?q=%20%20").decode(PageDTO.self).total == 300)
            let longJapanese = String(repeating: "山", count: 100)
            let long = try await client.get("/api/users?q=\(queryValue(longJapanese))")
            #expect(long.status == 200)
            #expect(try long.decode(PageDTO.self).total == 0)
        }
    }
}
