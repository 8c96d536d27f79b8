import Foundation
import GRDB

/// Reads and writes users. Writes go through the pool's single writer, one transaction each, so
/// concurrent requests never lose an update.
struct UserStore: Sendable {
    let database: DatabasePool

    /// The page of users matching `query`, ordered by id, with the total over all pages: by
    /// number (`LIMIT/OFFSET`, kept for old clients: a row deleted or added before the page
    /// shifts it), or after a cursor (keyset: never skips or repeats).
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
        let keyset = (conditions + ["id > ?"]).joined(separator: " AND ")
        if let afterID = query.afterID {
            // Keyset paging: the rows after the last one shown, whatever was deleted or added
            // before it. One row more than asked says whether another page follows.
            let (total, rows) = try await database.read { db -> (Int, [User]) in
                let total = try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "user""# + whereClause, arguments: filterArguments) ?? 0
                let rows = try User.fetchAll(
                    db,
                    sql: "SELECT \(User.columns) FROM \"user\" WHERE \(keyset) ORDER BY id LIMIT ?",
                    arguments: filterArguments + [afterID, query.size + 1]
                )
                return (total, rows)
            }
            let items = Array(rows.prefix(query.size))
            let hasMore = rows.count > query.size
            return UserPage(
                items: items, page: nil, size: query.size, total: total, hasMore: hasMore,
                nextCursor: hasMore ? items.last.map { UserCursor.encode(afterID: $0.id) } : nil
            )
        }
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
        let hasMore = !overflow && end < total
        return UserPage(
            items: items, page: query.page, size: query.size, total: total, hasMore: hasMore,
            nextCursor: hasMore ? items.last.map { UserCursor.encode(afterID: $0.id) } : nil
        )
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

    /// Sets `isActive` of the user with `id`: 200 and the updated user, or 404. With an
    /// idempotency key already answered, the saved answer, applying nothing.
    func setActive(_ isActive: Bool, id: Int, idempotencyKey: String?) async throws -> IdempotentAnswer {
        try await database.write { db in
            try IdempotentAnswer.answer(
                key: idempotencyKey, request: "PATCH /api/users/\(id) isActive=\(isActive)", in: db,
                // Applied before: the user as it is now (a newer write may have changed it), or
                // the saved answer if the user is gone since.
                replay: { db, saved in
                    guard let user = try User.fetchOne(db, sql: "SELECT \(User.columns) FROM \"user\" WHERE id = ?", arguments: [id]) else { return saved }
                    return IdempotentAnswer(status: 200, body: try JSONResponse.encoder.encode(user))
                }
            ) { db in
                try db.execute(sql: #"UPDATE "user" SET isActive = ? WHERE id = ?"#, arguments: [isActive, id])
                guard db.changesCount > 0,
                      let user = try User.fetchOne(db, sql: "SELECT \(User.columns) FROM \"user\" WHERE id = ?", arguments: [id])
                else { throw Self.notFound(id) }
                return IdempotentAnswer(status: 200, body: try JSONResponse.encoder.encode(user))
            }
        }
    }

    /// Deletes the user with `id`: 204, or 404 when there is none. With an idempotency key
    /// already answered, the saved answer (204), deleting nothing.
    func delete(id: Int, idempotencyKey: String?) async throws -> IdempotentAnswer {
        try await database.write { db in
            try IdempotentAnswer.answer(key: idempotencyKey, request: "DELETE /api/users/\(id)", in: db) { db in
                try db.execute(sql: #"DELETE FROM "user" WHERE id = ?"#, arguments: [id])
                guard db.changesCount > 0 else { throw Self.notFound(id) }
                return IdempotentAnswer(status: 204, body: Data())
            }
        }
    }

    /// The 404 of a user id nobody has.
    static func notFound(_ id: Int) -> APIError {
        .notFound("No user has id \(id).")
    }
}
