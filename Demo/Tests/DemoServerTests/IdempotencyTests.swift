import Foundation
import Testing

/// A write sent again with its Idempotency-Key (a retry, or an outbox replayed after a restart)
/// gets the first answer and is not applied twice: an old toggle never overwrites a newer one.
@Suite("Users: idempotent writes", .timeLimit(.minutes(2)))
struct IdempotencyTests {
    func key(_ text: String) -> [String: String] { ["Idempotency-Key": text] }

    /// Issue 41, N4: the replay answered the first answer (inactive) while the user was active,
    /// and the app took that as the server's value.
    @Test("A replayed PATCH is not applied again and answers the user as it is now")
    func replayedToggleDoesNotOverwrite() async throws {
        try await withServer { _, client in
            let first = try await client.patch("/api/users/8", json: #"{"isActive": false}"#, headers: key("write-1"))
            #expect(first.status == 200)
            #expect(try first.decode(UserDTO.self).isActive == false)
            // A newer change, then the old write replayed (its removal from the outbox was lost).
            let newer = try await client.patch("/api/users/8", json: #"{"isActive": true}"#, headers: key("write-2"))
            #expect(try newer.decode(UserDTO.self).isActive == true)
            let replay = try await client.patch("/api/users/8", json: #"{"isActive": false}"#, headers: key("write-1"))
            #expect(replay.status == 200)
            #expect(try replay.decode(UserDTO.self).isActive == true, "the user as it is now, never the old answer")
            #expect(try await client.get("/api/users/8").decode(UserDTO.self).isActive == true)
        }
    }

    @Test("A replayed DELETE answers 204 again; without a key the second DELETE is 404")
    func replayedDelete() async throws {
        try await withServer { _, client in
            #expect(try await client.delete("/api/users/9", headers: key("delete-9")).status == 204)
            let replay = try await client.delete("/api/users/9", headers: key("delete-9"))
            #expect(replay.status == 204)
            #expect(replay.body.isEmpty)
            try expectError(try await client.delete("/api/users/9"), status: 404, code: "not_found")
            #expect(try await client.get("/api/users/stats").decode(StatsDTO.self).total == 299)
        }
    }

    @Test("A key reused for another request is 409; a failure is not kept, so a retry decides again")
    func reuseAndFailures() async throws {
        try await withServer { _, client in
            #expect(try await client.patch("/api/users/3", json: #"{"isActive": true}"#, headers: key("k")).status == 200)
            try expectError(
                try await client.patch("/api/users/4", json: #"{"isActive": true}"#, headers: key("k")), status: 409, code: "idempotency_key_reused"
            )
            try expectError(
                try await client.patch("/api/users/3", json: #"{"isActive": false}"#, headers: key("k")), status: 409, code: "idempotency_key_reused"
            )
            try expectError(try await client.delete("/api/users/3", headers: key("k")), status: 409, code: "idempotency_key_reused")
            try expectError(try await client.delete("/api/users/999", headers: key("gone")), status: 404, code: "not_found")
            try expectError(try await client.delete("/api/users/999", headers: key("gone")), status: 404, code: "not_found")
        }
    }

    @Test("Concurrent tries of one write apply it once")
    func concurrentTries() async throws {
        try await withServer { _, client in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await client.delete("/api/users/12", headers: key("same")).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 204, count: 8))
            #expect(try await client.get("/api/users/stats").decode(StatsDTO.self).total == 299)
        }
    }

    @Test("A key that is empty, too long or not visible ASCII is 400, quoting at most 64 characters")
    func badKeys() async throws {
        try await withServer { _, client in
            for bad in [String(repeating: "k", count: 256), "has space", "é"] {
                let message = try expectError(
                    try await client.patch("/api/users/1", json: #"{"isActive": true}"#, headers: key(bad)), status: 400, code: "invalid_parameter"
                )
                #expect(message.contains("Idempotency-Key"))
                #expect(message.count < 250)
            }
        }
    }
}
