// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
public import Foundation
import GRDB
public import MVVMData
import MVVMLocking

/// A `RecordStorage` in an SQLite database file, through GRDB: a `RecordStore`'s records one row
/// each, so that saving a write writes that row alone, however many records are held.
///
/// It answers a live query where the records are (`QueryableRecordStorage`): give the store a
/// `RecordSearch` that declares fields, and it never reads every record it saved.
///
/// | column of `record_row` | type | holds |
/// | --- | --- | --- |
/// | `row` | INTEGER | the row's key, which the full-text index names rows by |
/// | `kind` | TEXT | the storage's ``kind``: one file can hold several kinds of records |
/// | `id` | BLOB | the record's id, as `SavedRecord.id` |
/// | `value` | BLOB, nullable | the record; `NULL` when the server has none (deleted) |
/// | `learnt` | REAL | when the value was learnt (seconds since 2001, the `Double` a `Date` holds) |
/// | `version` | INTEGER | the version of the record's shape its value was saved in (`SavedRecord.version`) |
/// | `layout` | TEXT, nullable | which search indexed the row (`SavedRecord.Index.layout`); `NULL`: not indexed |
/// | `search` | TEXT, nullable | the record's search text, folded (case, diacritics, width as its search says) |
/// | `f0` … `f3` | INTEGER or TEXT | the values of the search's fields, in its order |
///
/// `(kind, id)` is unique. A save is one transaction of upserts that keep, of each record, the
/// value learnt later (`ON CONFLICT … WHERE excluded.learnt >= learnt`): two processes on one
/// file never put back an older value. The file is opened as a `DatabasePool` in WAL mode (a
/// commit is one append and one `fsync`), as `SQLiteCacheStore`'s is.
///
/// **Queries.** `record_search`, an FTS5 table with the trigram tokenizer over the folded
/// `search` column (kept by triggers), finds a search's rows; an index per query shape (its
/// filter's fields, its order field, the id) is made the first time a query of that shape is
/// asked. The folding is the store's (`RecordSearch`: case with full Unicode folding, and
/// diacritics and width as asked), done before the text reaches SQLite, so SQLite only matches
/// substrings: it answers by the server's rules. MVVMDataTesting's `RecordStorageContract` (run
/// by `SQLiteRecordStorageContractTests`) checks that it answers every query as
/// `InMemoryRecordStorage` does.
///
/// **A file an earlier version wrote** (the key-value `record` table) is moved to `record_row` when
/// it opens, nothing lost: one `INSERT … SELECT`. Its rows have no index; the store indexes them
/// after its first restore, in batches (`recordsToIndex(layout:after:limit:)`), and they show in
/// queries as they are indexed.
///
/// ```swift
/// let users = RecordStore(outbox: outbox, storage: try SQLiteRecordStorage(path: caches.appending(path: "records.sqlite").path, kind: "users"))
/// ```
///
/// Errors: a file that is not an SQLite database, or whose tables have other columns, is
/// `CacheStoreError.corrupted(_:)` at open; every other SQLite failure is `CacheStoreError.io(_:)`.
///
/// **A file SQLite finds damaged later** (a read or a save answered "database disk image is
/// malformed": a page past the first one damaged) is remade: removed with its `-wal` and `-shm`,
/// created empty, and the read or save run again on it. The records were what the server
/// confirmed, which the server still has (a write waiting for it is in the `Outbox`, not here);
/// a damaged file kept would fail every read and save, run after run
/// (`SQLiteRecordStorageDamageTests`).
public final class SQLiteRecordStorage: RecordStorage {
    /// The database file, or `nil` in memory.
    public var path: String? { database.path }
    /// Which records of the file this storage reads and writes.
    public let kind: String
    /// The database; another one when a damaged file was remade.
    private let database: LazyDatabase
    /// The indexes of the query shapes asked for (made once each).
    let indexesMade = Lock<Set<String>>([])

    /// Opens (creating it if needed) the database at `path`, for the records of `kind`.
    ///
    /// It never waits for another process: when another connection holds the file locked (a
    /// write, or `locking_mode=EXCLUSIVE`), the storage is made unopened and opens at its first
    /// read or save, which wait for the lock as every later one does (up to 5 s, off the caller's
    /// thread) and fail while it is held. A start is never blank for it, and a save that failed
    /// for it is saved once the lock is gone (issue 54, M7).
    ///
    /// - Throws: `CacheStoreError.corrupted(_:)` when the file is not an SQLite database;
    ///   `CacheStoreError.io(_:)` when it cannot be opened or migrated for another reason than a
    ///   lock.
    public init(path: String, kind: String) throws(CacheStoreError) {
        database = try LazyDatabase(path: path, label: "SQLiteRecordStorage") { database throws(CacheStoreError) in
            try Self.prepare(database, path: path)
        }
        self.kind = kind
    }

    /// A storage in memory, gone when released: for tests and previews that want SQLite's
    /// behaviour without a file.
    public static func inMemory(kind: String) throws(CacheStoreError) -> SQLiteRecordStorage {
        try SQLiteRecordStorage(database: LazyDatabase(inMemoryLabel: "SQLiteRecordStorage") { database throws(CacheStoreError) in
            try prepare(database, path: nil)
        }, kind: kind)
    }

    private init(database: LazyDatabase, kind: String) {
        self.database = database
        self.kind = kind
    }

    /// Every record of ``kind``.
    public func records() async throws(CacheStoreError) -> [SavedRecord] {
        let kind = kind
        return try await access("reading the records") { database in
            try await database.read { db in
                try Row.fetchAll(db, sql: "SELECT \(Self.selected) FROM record_row WHERE kind = ?", arguments: [kind]).compactMap(Self.record)
            }
        }
    }

    /// The saved records among `ids`.
    public func records(_ ids: [Data]) async throws(CacheStoreError) -> [SavedRecord] {
        let kind = kind
        return try await access("reading records") { database in
            try await database.read { db in
                let statement = try db.cachedStatement(sql: "SELECT \(Self.selected) FROM record_row WHERE kind = ? AND id = ?")
                return try ids.compactMap { id in
                    try Row.fetchOne(statement, arguments: [kind, id]).flatMap(Self.record)
                }
            }
        }
    }

    /// Saves each record unless the one saved was learnt later, in one transaction, then copies
    /// what the write-ahead log holds into the database file (a passive checkpoint): a save is in
    /// the file itself, so a `-wal` deleted while the app runs (and a `kill -9` after) loses
    /// nothing saved before (issue 54: the next offline start was empty).
    ///
    /// The records are written a chunk per statement, not a statement each: SQLite's full-text
    /// index writes what it has gathered at the end of every statement its trigger runs in, so a
    /// statement per record made a small segment per record (indexing a million moved records
    /// took 73 s, most of it there; measured with Python's sqlite3 on 200,000 rows, 8.6 s a row
    /// each against 3.0 s a chunk of 5,000).
    public func save(_ records: [SavedRecord]) async throws(CacheStoreError) {
        guard !records.isEmpty else { return }
        let kind = kind
        try await access("saving records") { database in
            try await database.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    var start = records.startIndex
                    while start < records.endIndex {
                        let end = min(start + Self.recordsPerStatement, records.endIndex)
                        let chunk = records[start..<end]
                        let sql = Self.saveSQL(rows: chunk.count)
                        // The full chunk's statement is kept; a shorter last one is made once.
                        let statement = chunk.count == Self.recordsPerStatement ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
                        var arguments = StatementArguments()
                        for record in chunk { arguments += Self.arguments(of: record, kind: kind) }
                        try statement.execute(arguments: arguments)
                        start = end
                    }
                    return .commit
                }
                // Saved already (in the log); the copy waits for readers, and the next save's.
                _ = try? db.checkpoint(.passive)
            }
        }
    }

    /// The records one save statement writes: 11 values each, well under SQLite's 32,766.
    static let recordsPerStatement = 500

    /// The statement that saves `rows` records; a record later in it than another of the same id
    /// is saved over it by the same rule (learnt no earlier).
    private static func saveSQL(rows: Int) -> String {
        let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        return """
            INSERT INTO record_row (kind, id, value, learnt, version, layout, search, f0, f1, f2, f3)
            VALUES \(values)
            ON CONFLICT (kind, id) DO UPDATE SET
                value = excluded.value, learnt = excluded.learnt, version = excluded.version, layout = excluded.layout,
                search = excluded.search, f0 = excluded.f0, f1 = excluded.f1, f2 = excluded.f2, f3 = excluded.f3
            WHERE excluded.learnt >= record_row.learnt
            """
    }

    /// Forgets the records of ``kind`` saved under the ids of `records`, unless learnt after the
    /// date given, in one transaction.
    public func remove(_ records: [Data: Date]) async throws(CacheStoreError) {
        guard !records.isEmpty else { return }
        let kind = kind
        try await access("removing records") { database in
            try await database.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let statement = try db.cachedStatement(sql: "DELETE FROM record_row WHERE kind = ? AND id = ? AND learnt <= ?")
                    for (id, learnt) in records { try statement.execute(arguments: [kind, id, learnt.timeIntervalSinceReferenceDate]) }
                    return .commit
                }
                _ = try? db.checkpoint(.passive)
            }
        }
    }

    /// Closes the database; later calls throw `CacheStoreError.io(_:)`.
    public func close() throws(CacheStoreError) {
        try database.close()
    }

    /// A row as a record; `nil` when its columns are not what this type writes (read as
    /// `DatabaseValue` first: GRDB's typed subscripts stop the process on a value of another type).
    static func record(_ row: Row) -> SavedRecord? {
        guard let id = Data.fromDatabaseValue(row["id"] as DatabaseValue? ?? .null),
              let learnt = Double.fromDatabaseValue(row["learnt"] as DatabaseValue? ?? .null), learnt.isFinite
        else { return nil }
        let stored = row["value"] as DatabaseValue? ?? .null
        let value = stored.isNull ? nil : Data.fromDatabaseValue(stored)
        if !stored.isNull, value == nil { return nil }
        let version = Int.fromDatabaseValue(row["version"] as DatabaseValue? ?? .null) ?? 1
        return SavedRecord(id: id, value: value, learnt: Date(timeIntervalSinceReferenceDate: learnt), version: version, index: index(row))
    }

    /// The columns a read selects: ``record(_:)`` reads them.
    static let selected = "id, value, learnt, version, layout, search, f0, f1, f2, f3"

    /// A row's index; `nil` without a layout, or with columns of other types than this type writes.
    private static func index(_ row: Row) -> SavedRecord.Index? {
        guard let layout = String.fromDatabaseValue(row["layout"] as DatabaseValue? ?? .null),
              let search = String.fromDatabaseValue(row["search"] as DatabaseValue? ?? .null)
        else { return nil }
        var fields: [RecordFieldValue] = []
        // The fields in order, up to the first column without one.
        for column in ["f0", "f1", "f2", "f3"] {
            switch (row[column] as DatabaseValue? ?? .null).storage {
            case .null: return SavedRecord.Index(layout: layout, search: search, fields: fields)
            case .int64(let value): fields.append(.int(Int(value)))
            case .string(let value): fields.append(.text(value))
            case .double, .blob: return nil
            }
        }
        return SavedRecord.Index(layout: layout, search: search, fields: fields)
    }

    /// The values a save binds, in the order of its columns.
    private static func arguments(of record: SavedRecord, kind: String) -> StatementArguments {
        var values: [(any DatabaseValueConvertible)?] = [kind, record.id, record.value, record.learnt.timeIntervalSinceReferenceDate, record.version]
        let index = record.value == nil ? nil : record.index
        values.append(index?.layout)
        values.append(index?.search)
        for position in 0..<RecordSearch<Void>.maximumFields {
            values.append(index.flatMap { $0.fields.indices.contains(position) ? $0.fields[position].databaseValue : nil })
        }
        return StatementArguments(values)
    }

    /// Runs `body` on the database (opening it first if a lock kept `init` from it); when SQLite
    /// finds the file damaged, remakes it and runs `body` once more on the new one.
    func access<Value>(
        _ action: String, _ body: (any DatabaseWriter) async throws -> Value
    ) async throws(CacheStoreError) -> Value {
        var opened: (any DatabaseWriter)?
        do {
            let writer = try await database.database(for: action)
            opened = writer
            return try await body(writer)
        } catch {
            let failure = SQLiteCacheStore.storeError(error, while: action)
            guard case .corrupted = failure, path != nil else { throw failure }
            let remade = try await database.remake(damaged: opened, for: action)
            do {
                return try await body(remade)
            } catch {
                throw SQLiteCacheStore.storeError(error, while: action)
            }
        }
    }
}
#endif  // MVVMGRDB
