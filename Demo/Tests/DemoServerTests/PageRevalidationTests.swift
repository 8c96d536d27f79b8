import Foundation
import Testing

/// User pages and users carry a strong `ETag` and `Cache-Control: no-cache`; sent back as
/// `If-None-Match`, an unchanged answer is 304 with no body, and a changed one is a 200 with a
/// new tag (issue 41: the server answers `If-None-Match` on user pages too).
@Suite("Users: pages revalidated with If-None-Match", .timeLimit(.minutes(2)))
struct PageRevalidationTests {
    @Test("An unchanged page is 304 without a body; after a change it is 200 with a new ETag")
    func pageRevalidation() async throws {
        try await withServer { _, client in
            let first = try await client.get("/api/users?size=5")
            #expect(first.status == 200)
            #expect(first.header("cache-control") == "no-cache")
            let tag = try #require(first.header("etag"))
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""), "a quoted strong tag: \(tag)")

            let again = try await client.get("/api/users?size=5", headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("etag") == tag)
            #expect(try await client.get("/api/users?size=5", headers: ["If-None-Match": "W/\(tag), \"other\""]).status == 304)
            #expect(try await client.get("/api/users?size=5", headers: ["If-None-Match": "*"]).status == 304)
            #expect(try await client.get("/api/users?size=5", headers: ["If-None-Match": "\"other\""]).status == 200)
            #expect(try await client.get("/api/users?size=6", headers: ["If-None-Match": tag]).status == 200, "another page")

            #expect(try await client.delete("/api/users/2").status == 204)
            let changed = try await client.get("/api/users?size=5", headers: ["If-None-Match": tag])
            #expect(changed.status == 200, "user 2 is gone: the page is sent again")
            #expect(changed.header("etag") != tag)
        }
    }

    @Test("A user is revalidated the same way")
    func userRevalidation() async throws {
        try await withServer { _, client in
            let first = try await client.get("/api/users/3")
            let tag = try #require(first.header("etag"))
            #expect(try await client.get("/api/users/3", headers: ["If-None-Match": tag]).status == 304)
            #expect(try await client.get("/api/users/4", headers: ["If-None-Match": tag]).status == 200)
        }
    }
}
