import Foundation
import Testing

@Suite("Users: concurrent writes", .timeLimit(.minutes(2)))
struct ConcurrencyTests {
    @Test("50 concurrent PATCHes to different users all land")
    func concurrentPatchesToDifferentUsers() async throws {
        try await withServer { _, client in
            let before = try await client.allUsers()
            let targets = Array(before.prefix(50))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for user in targets {
                    group.addTask {
                        try await client.patch("/api/users/\(user.id)", json: #"{"isActive": \#(!user.isActive)}"#).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 50))
            let after = try await client.allUsers()
            for (old, new) in zip(before, after) {
                #expect(new.isActive == (old.id <= 50 ? !old.isActive : old.isActive), "user \(old.id)")
            }
            let expectedActive = after.filter(\.isActive).count
            #expect(try await client.get("/api/users/stats").decode(StatsDTO.self).active == expectedActive)
            let flippedToActive = targets.filter { !$0.isActive }.count
            let flippedToInactive = targets.filter(\.isActive).count
            #expect(expectedActive == before.filter(\.isActive).count + flippedToActive - flippedToInactive)
        }
    }

    @Test("Concurrent PATCHes to one user end consistent")
    func concurrentPatchesToOneUser() async throws {
        try await withServer { _, client in
            #expect(try await client.get("/api/users/1").decode(UserDTO.self).isActive)
            let results = try await withThrowingTaskGroup(of: UserDTO.self) { group in
                for _ in 0..<30 {
                    group.addTask {
                        try await client.patch("/api/users/1", json: #"{"isActive": false}"#).decode(UserDTO.self)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 30)
            #expect(results.allSatisfy { !$0.isActive && $0.id == 1 })
            #expect(try await client.get("/api/users/1").decode(UserDTO.self).isActive == false)

            // Mixed values: whatever order they ran in, the stored value is the last one applied and
            // the stats agree with the rows.
            let mixed = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<30 {
                    group.addTask {
                        try await client.patch("/api/users/1", json: #"{"isActive": \#(index.isMultiple(of: 2))}"#).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(mixed == Array(repeating: 200, count: 30))
            let everyone = try await client.allUsers()
            #expect(try await client.get("/api/users/stats").decode(StatsDTO.self) == StatsDTO(total: 300, active: everyone.filter(\.isActive).count))
        }
    }

    @Test("Concurrent DELETEs of one user: exactly one 204, the rest 404")
    func concurrentDeletes() async throws {
        try await withServer { _, client in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.delete("/api/users/42").status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 204 }.count == 1)
            #expect(statuses.filter { $0 == 404 }.count == 19)
            #expect(try await client.get("/api/users/stats").decode(StatsDTO.self).total == 299)
        }
    }
}
