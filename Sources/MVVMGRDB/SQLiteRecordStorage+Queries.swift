// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
public import Foundation
import GRDB
public import MVVMData

// A live query's questions, answered in SQLite: a page of the device's answer by the index of its
// filter and order, a search by the full-text index or by a scan in order, whichever reads less.
extension SQLiteRecordStorage: QueryableRecordStorage {
    /// The saved records `query` shows, in its order, at most its limit.
    ///
    /// Without a search, one read of the index of the query's filter and order (made the first
    /// time a query of that shape is asked: `CREATE INDEX IF NOT EXISTS`). With a search of three
    /// characters or more, the full-text index (a trigram index of the folded search texts) counts
    /// the matches up to 2,000: fewer, and those matches are read and sorted; more,
    /// and the rows are read in order until the page is full, each checked by `instr`, as a
    /// search of one or two characters always is (a trigram index cannot answer it).
    public func records(matching query: SavedRecordQuery) async throws(CacheStoreError) -> [SavedRecord] {
        guard query.limit > 0 else { return [] }
        let kind = kind
        try await makeIndex(for: query)
        return try await access("reading a query's records") { database in
            try await database.read { db in
                var sql = "SELECT \(Self.selected) FROM record_row WHERE kind = ? AND layout = ? AND value IS NOT NULL"
                var arguments: [(any DatabaseValueConvertible)?] = [kind, query.layout]
                for (field, value) in query.conditions.sorted(by: { $0.key < $1.key }) {
                    guard let column = Self.column(field) else { return [] }   // no such field: no record has it
                    sql += " AND \(column) = ?"
                    arguments.append(value.databaseValue)
                }
                guard let order = Self.column(query.order) else { return [] }
                if let after = query.after {
                    sql += " AND (\(order), id) \(query.descending ? "<" : ">") (?, ?)"
                    arguments += [after.value.databaseValue, after.id]
                }
                let direction = query.descending ? "DESC" : "ASC"
                if !query.search.isEmpty {
                    let phrase = "\"" + query.search.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                    var sparse = false
                    if query.search.count >= 3 {
                        let matches = try Int.fetchOne(
                            db, sql: "SELECT count(*) FROM (SELECT 1 FROM record_search WHERE record_search MATCH ? LIMIT ?)",
                            arguments: [phrase, Self.sparseMatches]
                        ) ?? 0
                        sparse = matches < Self.sparseMatches
                    }
                    if sparse {
                        // Few matches: read them by the full-text index (first: CROSS JOIN keeps
                        // SQLite from scanning the rows in order instead), then sort them.
                        sql = sql.replacingOccurrences(of: "SELECT \(Self.selected) FROM record_row WHERE", with: """
                            SELECT \(Self.selected.split(separator: ", ").map { "record_row.\($0)" }.joined(separator: ", "))
                            FROM record_search CROSS JOIN record_row ON record_row.row = record_search.rowid
                            WHERE record_search MATCH ? AND
                            """)
                        arguments.insert(phrase, at: 0)
                    } else {
                        sql += " AND instr(search, ?) > 0"
                        arguments.append(query.search)
                    }
                }
                sql += " ORDER BY \(order) \(direction), id \(direction) LIMIT ?"
                arguments.append(query.limit)
                return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).compactMap(Self.record)
            }
        }
    }

    /// Saved records with a value not indexed by `layout`, by id, after `after`: none read when
    /// every record is (three look-ups in the layout index).
    public func recordsToIndex(layout: String, after: Data?, limit: Int) async throws(CacheStoreError) -> [SavedRecord] {
        guard limit > 0 else { return [] }
        let kind = kind
        return try await access("reading records to index") { database in
            try await database.read { db in
                let any = try Bool.fetchOne(db, sql: """
                    SELECT EXISTS (SELECT 1 FROM record_row WHERE kind = ?1 AND layout IS NULL AND value IS NOT NULL)
                        OR EXISTS (SELECT 1 FROM record_row WHERE kind = ?1 AND layout < ?2)
                        OR EXISTS (SELECT 1 FROM record_row WHERE kind = ?1 AND layout > ?2)
                    """, arguments: [kind, layout]) ?? false
                guard any else { return [] }
                return try Row.fetchAll(db, sql: """
                    SELECT \(Self.selected) FROM record_row
                    WHERE kind = ? AND value IS NOT NULL AND (layout IS NULL OR layout <> ?) AND id > ?
                    ORDER BY id LIMIT ?
                    """, arguments: [kind, layout, after ?? Data(), limit]).compactMap(Self.record)
            }
        }
    }

    /// How many saved records with a value have no index of `layout`.
    public func countRecordsToIndex(layout: String) async throws(CacheStoreError) -> Int {
        let kind = kind
        return try await access("counting records to index") { database in
            try await database.read { db in
                try Int.fetchOne(db, sql: """
                    SELECT (SELECT count(*) FROM record_row WHERE kind = ?1 AND layout IS NULL AND value IS NOT NULL)
                        + (SELECT count(*) FROM record_row WHERE kind = ?1 AND layout < ?2)
                        + (SELECT count(*) FROM record_row WHERE kind = ?1 AND layout > ?2)
                    """, arguments: [kind, layout]) ?? 0
            }
        }
    }

    /// Forgets records learnt before `cutoff`, then the least recently learnt until `maxCount`
    /// are left, once more than `limit` are; none of `kept`: one transaction, by the `learnt`
    /// index.
    public func trim(learntBefore cutoff: Date?, maxCount: Int?, limit: Int, kept: Set<Data>) async throws(CacheStoreError) -> [Data] {
        let kind = kind
        // Nothing to forget (most starts): read so, with no write and no flush, which a query
        // waiting for the writer (an index made at the first query) would wait behind.
        let hasWork = try await access("counting records to forget") { database in
            try await database.read { db in
                if let cutoff, try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM record_row WHERE kind = ? AND learnt < ?)",
                    arguments: [kind, cutoff.timeIntervalSinceReferenceDate]) == true { return true }
                guard maxCount != nil else { return false }
                return (try Int.fetchOne(db, sql: "SELECT count(*) FROM record_row WHERE kind = ?", arguments: [kind]) ?? 0) > limit
            }
        }
        guard hasWork else { return [] }
        return try await access("forgetting records") { database in
            try await database.writeWithoutTransaction { db in
                var forgotten: [Data] = []
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS kept (id BLOB PRIMARY KEY) WITHOUT ROWID; DELETE FROM temp.kept")
                    let keep = try db.cachedStatement(sql: "INSERT OR IGNORE INTO temp.kept VALUES (?)")
                    for id in kept { try keep.execute(arguments: [id]) }
                    if let cutoff {
                        forgotten += try Data.fetchAll(db, sql: """
                            DELETE FROM record_row WHERE kind = ? AND learnt < ? AND id NOT IN (SELECT id FROM temp.kept) RETURNING id
                            """, arguments: [kind, cutoff.timeIntervalSinceReferenceDate])
                    }
                    if let maxCount {
                        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM record_row WHERE kind = ?", arguments: [kind]) ?? 0
                        if count > limit {
                            forgotten += try Data.fetchAll(db, sql: """
                                DELETE FROM record_row WHERE row IN (
                                    SELECT row FROM record_row WHERE kind = ? AND id NOT IN (SELECT id FROM temp.kept) ORDER BY learnt LIMIT ?
                                ) RETURNING id
                                """, arguments: [kind, count - maxCount])
                        }
                    }
                    try db.execute(sql: "DELETE FROM temp.kept")
                    return .commit
                }
                _ = try? db.checkpoint(.passive)
                return forgotten
            }
        }
    }

    /// How many full-text matches make a search read the rows in order instead: then one row in
    /// (1,000,000 / 2,000) or more matches, so a page of 50 reads about 25,000 rows or fewer.
    static var sparseMatches: Int { 2_000 }

    /// The column of the field at `position`; `nil` past the columns.
    static func column(_ position: Int) -> String? {
        (0..<RecordSearch<Void>.maximumFields).contains(position) ? "f\(position)" : nil
    }

    /// Makes the index a query of this shape reads (its filter's fields, then its order), once
    /// per storage and shape.
    private func makeIndex(for query: SavedRecordQuery) async throws(CacheStoreError) {
        let fields = query.conditions.keys.sorted()
        guard let order = Self.column(query.order), fields.allSatisfy({ Self.column($0) != nil }) else { return }
        let name = "record_by_" + (fields.map { "f\($0)" } + [order]).joined(separator: "_")
        guard indexesMade.withLock({ $0.insert(name).inserted }) else { return }
        let columns = (["kind", "layout"] + fields.map { "f\($0)" } + [order, "id"]).joined(separator: ", ")
        do {
            try await access("making an index") { database in
                // Made by an earlier run (the usual case): read so, not waiting for the writer,
                // which may be flushing another write (measured: 50 ms before a start's first rows).
                let exists = try await database.read { db in
                    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?)", arguments: [name]) ?? false
                }
                guard !exists else { return }
                try await database.write { db in try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(name) ON record_row (\(columns))") }
            }
        } catch {
            _ = indexesMade.withLock { $0.remove(name) }   // tried again with the next query
            throw error
        }
    }
}
#endif  // MVVMGRDB
