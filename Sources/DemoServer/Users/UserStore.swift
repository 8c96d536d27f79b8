import GRDB

/// Reads and writes users. Writes go through the pool's single writer, one transaction each, so
/// concurrent requests never lose an update.
struct UserStore: Sendable {
    let database: DatabasePool

    /// The page of users matching `query`, ordered by id, with the total over all pages.
    func list(_ query: UserListQuery) async throws -> UserPage {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if !query.search.isEmpty {
            conditions.append(#"searchKey LIKE ? ESCAPE '\'"#)
            arguments += [SearchKey.likePattern(for: query.search)]
        }
        switch query.status {
        case .all: break
        case .active: conditions.append("isActive = 1")
        case .inactive: conditions.append("isActive = 0")
        }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let filterArguments = arguments
        let (total, items) = try await database.read { db -> (Int, [User]) in
            let total = try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "user""# + whereClause, arguments: filterArguments) ?? 0
            guard let offset = query.offset, offset < total else { return (total, []) }
            let items = try User.fetchAll(
                db,
                sql: "SELECT \(User.columns) FROM \"user\"\(whereClause) ORDER BY id LIMIT ? OFFSET ?",
                arguments: filterArguments + [query.size, offset]
            )
            return (total, items)
        }
        let (end, overflow) = query.page.multipliedReportingOverflow(by: query.size)
        return UserPage(items: items, page: query.page, size: query.size, total: total, hasMore: !overflow && end < total)
    }

    /// Counts over the whole table.
    func stats() async throws -> UserStats {
        try await database.read { db in
            let row = try Row.fetchOne(db, sql: #"SELECT COUNT(*), COALESCE(SUM(isActive), 0) FROM "user""#)
            return UserStats(total: row?[0] ?? 0, active: row?[1] ?? 0)
        }
    }

    /// The user with `id`, or `nil`.
    func user(id: Int) async throws -> User? {
        try await database.read { db in
            try User.fetchOne(db, sql: "SELECT \(User.columns) FROM \"user\" WHERE id = ?", arguments: [id])
        }
    }

    /// Sets `isActive` of the user with `id` and returns the updated user, or `nil` if there is none.
    func setActive(_ isActive: Bool, id: Int) async throws -> User? {
        try await database.write { db in
            try db.execute(sql: #"UPDATE "user" SET isActive = ? WHERE id = ?"#, arguments: [isActive, id])
            guard db.changesCount > 0 else { return nil }
            return try User.fetchOne(db, sql: "SELECT \(User.columns) FROM \"user\" WHERE id = ?", arguments: [id])
        }
    }

    /// Deletes the user with `id`; `false` if there was none.
    func delete(id: Int) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: #"DELETE FROM "user" WHERE id = ?"#, arguments: [id])
            return db.changesCount > 0
        }
    }
}
