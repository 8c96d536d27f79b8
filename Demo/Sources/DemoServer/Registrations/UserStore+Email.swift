import GRDB

extension UserStore {
    /// Whether a user has `email`, compared case-insensitively (ASCII letters, as SQLite's
    /// `NOCASE` does; the seeded emails are ASCII).
    func hasUser(email: String) async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(
                db,
                sql: #"SELECT EXISTS (SELECT 1 FROM "user" WHERE email = ? COLLATE NOCASE)"#,
                arguments: [email]
            ) ?? false
        }
    }
}
