import DemoServer
import Foundation
import Testing

/// `GET /api/users/{id}/avatar` over real HTTP: a valid, symmetric, deterministic PNG with
/// caching headers for users who have one, the API's JSON errors for everyone else.
@Suite("Avatars: the route", .timeLimit(.minutes(2)))
struct AvatarRouteTests {
    @Test("A user with an avatar gets a valid 64×64 PNG: signature, IHDR, every CRC, IDAT inflating to 64 rows")
    func validPNG() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users/17/avatar")
            #expect(result.status == 200)
            #expect(result.header("Content-Type") == "image/png")
            #expect(result.header("Content-Length") == "\(result.body.count)")
            let png = try PNGFile(result.body)
            #expect(png.chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
            #expect(png.width == 64 && png.height == 64)
            #expect(png.rows.count == 64 && png.rows.allSatisfy { $0.count == 64 * png.bytesPerPixel })
        }
    }

    @Test("The picture is mirrored left to right, a 5×5 grid of two colours on a light background", arguments: [1, 2, 17, 299])
    func symmetricGrid(id: Int) async throws {
        try await withServer { _, client in
            let png = try PNGFile(try await client.get("/api/users/\(id)/avatar").body)
            for y in 0..<64 {
                for x in 0..<32 {
                    #expect(png.pixel(x: x, y: y) == png.pixel(x: 63 - x, y: y), "row \(y) differs at \(x) and \(63 - x)")
                }
            }
            // The grid: 12-pixel cells after a 2-pixel border; each cell is one colour.
            let background = png.pixel(x: 0, y: 0)
            #expect(background.allSatisfy { $0 >= 0xE0 }, "the background is light: \(Array(background))")
            var colors: Set<[UInt8]> = []
            var cellsOn = 0
            for row in 0..<5 {
                for column in 0..<5 {
                    let cell = png.pixel(x: 2 + column * 12, y: 2 + row * 12)
                    #expect(png.pixel(x: 13 + column * 12, y: 13 + row * 12) == cell)
                    #expect(cell == png.pixel(x: 2 + (4 - column) * 12, y: 2 + row * 12), "row \(row) is not mirrored")
                    colors.insert(Array(cell))
                    if cell != background { cellsOn += 1 }
                }
            }
            #expect(colors.count == 2, "one colour for the cells that are on, the background for the others")
            #expect((4...21).contains(cellsOn))
        }
    }

    @Test("The same id gives the same bytes across two server starts; different ids give different pictures")
    func deterministic() async throws {
        let ids = [1, 2, 3, 8, 17, 100, 299]
        let first = try await withServer { _, client in
            try await ids.asyncMap { try await client.get("/api/users/\($0)/avatar") }
        }
        let second = try await withServer { _, client in
            try await ids.asyncMap { try await client.get("/api/users/\($0)/avatar") }
        }
        #expect(first.map(\.body) == second.map(\.body))
        #expect(first.map { $0.header("ETag") } == second.map { $0.header("ETag") })
        #expect(Set(first.map(\.body)).count == ids.count)
        // Different pixels, not just different bytes: another colour, or another pattern.
        let pixels = try first.map { try PNGFile($0.body).rows }
        #expect(Set(pixels).count == ids.count)
    }

    @Test("Caching: Cache-Control, a quoted ETag naming the user; If-None-Match with it is 304 without a body")
    func caching() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/users/17/avatar")
            #expect(result.header("Cache-Control") == "public, max-age=86400")
            let tag = try #require(result.header("ETag"))
            #expect(tag.wholeMatch(of: /"avatar-17-[0-9a-f]{8}"/) != nil, "\(tag)")
            for ifNoneMatch in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let again = try await client.get("/api/users/17/avatar", headers: ["If-None-Match": ifNoneMatch])
                #expect(again.status == 304, "If-None-Match: \(ifNoneMatch)")
                #expect(again.body.isEmpty)
                #expect(again.header("Content-Type") == nil)
                #expect(again.header("ETag") == tag)
                #expect(again.header("Cache-Control") == "public, max-age=86400")
            }
            let other = try await client.get("/api/users/17/avatar", headers: ["If-None-Match": "\"avatar-18-00000000\""])
            #expect(other.status == 200)
            #expect(other.body == result.body)
            #expect(try await client.get("/api/users/18/avatar").header("ETag") != tag)
        }
    }

    @Test("HEAD answers the headers of GET without a body")
    func head() async throws {
        try await withServer { _, client in
            let get = try await client.get("/api/users/17/avatar")
            let head = try await client.send("HEAD", "/api/users/17/avatar")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            for name in ["Content-Type", "Content-Length", "ETag", "Cache-Control"] {
                #expect(head.header(name) == get.header(name), "\(name)")
            }
            let missing = try await client.send("HEAD", "/api/users/7/avatar")
            #expect(missing.status == 404)
            #expect(missing.header("Content-Type") == "application/json")
            #expect(missing.body.isEmpty)
        }
    }

    @Test("A user without an avatar (every 7th) and an unknown user are 404 not_found in JSON")
    func notFound() async throws {
        try await withServer { _, client in
            let none = try expectError(try await client.get("/api/users/14/avatar"), status: 404, code: "not_found")
            #expect(none == "User 14 has no avatar.")
            let unknown = try expectError(try await client.get("/api/users/301/avatar"), status: 404, code: "not_found")
            #expect(unknown == "No user has id 301.")
            // A deleted user's avatar goes with it.
            #expect(try await client.delete("/api/users/5").status == 204)
            try expectError(try await client.get("/api/users/5/avatar"), status: 404, code: "not_found")
        }
    }

    @Test("An id that is not a positive integer is 400 invalid_parameter, as for GET /api/users/{id}", arguments: [
        "0", "-1", "abc", "1.5", "99999999999999999999", "%20", "1a", "%E5%B1%B1",
    ])
    func badID(id: String) async throws {
        try await withServer { _, client in
            let avatar = try expectError(try await client.get("/api/users/\(id)/avatar"), status: 400, code: "invalid_parameter")
            let user = try expectError(try await client.get("/api/users/\(id)"), status: 400, code: "invalid_parameter")
            #expect(avatar == user)
        }
    }
}

extension Array {
    /// `transform` applied to each element in order, one at a time.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
