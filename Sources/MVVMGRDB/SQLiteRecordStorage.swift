// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
public import Foundation
import GRDB
public import MVVMData

/// A `RecordStorage` in an SQLite database file, through GRDB: a `RecordStore`'s records one row
/// each, so that saving a write writes that row alone, however many records are held.
///
/// | column | type | holds |
/// | --- | --- | --- |
/// | `kind` | TEXT | the storage's ``kind``: one file can hold several kinds of records |
/// | `id` | BLOB | the record's id, as `SavedRecord.id` |
/// | `value` | BLOB, nullable | the record; `NULL` when the server has none (deleted) |
/// | `learnt` | REAL | when the value was learnt (seconds since 2001, the `Double` a `Date` holds) |
/// | `version` | INTEGER | the version of the record's shape its value was saved in (`SavedRecord.version`); 1 in a file an earlier version made, to which it is added |
///
/// The primary key is `(kind, id)`, in a `WITHOUT ROWID` table. A save is one transaction of
/// upserts that keep, of each record, the value learnt later (`ON CONFLICT … WHERE
/// excluded.learnt >= learnt`): two processes on one file never put back an older value. The
/// file is opened as a `DatabasePool` in WAL mode (a commit is one append and one `fsync`), as
/// `SQLiteCacheStore`'s is.
///
/// Searching stays in the `RecordStore`'s own index, not SQLite's full-text search: FTS5 folds
/// case and diacritics but not width, so it would answer by other rules than the server's
/// (`RecordSearch`), and the index answers a keystroke over 100,000 records in about 9 ms.
///
/// ```swift
/// let users = RecordStore(outbox: outbox, storage: try SQLiteRecordStorage(path: caches.appending(path: "records.sqlite").path, kind: "users"))
/// ```
///
/// Errors: a file that is not an SQLite database, or whose `record` table has other columns, is
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

    /// Creates the record table if needed and checks its shape; closes `database` when either
    /// fails. A table of another shape marked migrated (another program's, a future version's)
    /// would fail every read: reported as damage, which the app answers by a new file.
    private static func prepare(_ database: any DatabaseWriter, path: String?) throws(CacheStoreError) {
        do {
            try migrator.migrate(database)
        } catch {
            try? database.close()
            throw SQLiteCacheStore.storeError(error, while: "creating the record table")
        }
        // A read that fails (another connection's lock, say) is that failure, never a table of
        // another shape: the app would remove the file for it.
        let found: [String]
        do {
            found = try database.read { db in try db.tableExists("record") ? db.columns(in: "record").map(\.name) : [] }
        } catch {
            try? database.close()
            throw SQLiteCacheStore.storeError(error, while: "checking the record table")
        }
        guard found == columns else {
            try? database.close()
            throw .corrupted("opening \(path ?? "memory"): the record table has the columns \(found.joined(separator: ", ")), not \(columns.joined(separator: ", "))")
        }
    }

    /// The record table's columns, in order.
    private static let columns = ["kind", "id", "value", "learnt", "version"]

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createRecord") { db in
            try db.execute(sql: """
                CREATE TABLE record (
                    kind TEXT NOT NULL,
                    id BLOB NOT NULL,
                    value BLOB,
                    learnt REAL NOT NULL,
                    PRIMARY KEY (kind, id)
                ) WITHOUT ROWID
                """)
        }
        // Records saved before versions were kept are version 1. A table of another shape (another
        // program's) is left as it is, for the check after the migrations to report.
        migrator.registerMigration("addVersion") { db in
            guard try db.columns(in: "record").map(\.name) == ["kind", "id", "value", "learnt"] else { return }
            try db.execute(sql: "ALTER TABLE record ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
        }
        return migrator
    }

    /// Every record of ``kind``.
    public func records() async throws(CacheStoreError) -> [SavedRecord] {
        let kind = kind
        return try await access("reading the records") { database in
            try await database.read { db in
                try Row.fetchAll(db, sql: "SELECT id, value, learnt, version FROM record WHERE kind = ?", arguments: [kind]).compactMap(Self.record)
            }
        }
    }

    /// The saved records among `ids`.
    public func records(_ ids: [Data]) async throws(CacheStoreError) -> [SavedRecord] {
        let kind = kind
        return try await access("reading records") { database in
            try await database.read { db in
                let statement = try db.cachedStatement(sql: "SELECT id, value, learnt, version FROM record WHERE kind = ? AND id = ?")
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
    public func save(_ records: [SavedRecord]) async throws(CacheStoreError) {
        guard !records.isEmpty else { return }
        let kind = kind
        try await access("saving records") { database in
            try await database.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let statement = try db.cachedStatement(sql: """
                        INSERT INTO record (kind, id, value, learnt, version) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (kind, id) DO UPDATE SET value = excluded.value, learnt = excluded.learnt, version = excluded.version
                        WHERE excluded.learnt >= record.learnt
                        """)
                    for record in records {
                        try statement.execute(arguments: [kind, record.id, record.value, record.learnt.timeIntervalSinceReferenceDate, record.version])
                    }
                    return .commit
                }
                // Saved already (in the log); the copy waits for readers, and the next save's.
                _ = try? db.checkpoint(.passive)
            }
        }
    }

    /// Forgets the records of ``kind`` saved under the ids of `records`, unless learnt after the
    /// date given, in one transaction.
    public func remove(_ records: [Data: Date]) async throws(CacheStoreError) {
        guard !records.isEmpty else { return }
        let kind = kind
        try await access("removing records") { database in
            try await database.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let statement = try db.cachedStatement(sql: "DELETE FROM record WHERE kind = ? AND id = ? AND learnt <= ?")
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
    private static func record(_ row: Row) -> SavedRecord? {
        guard let id = Data.fromDatabaseValue(row["id"] as DatabaseValue? ?? .null),
              let learnt = Double.fromDatabaseValue(row["learnt"] as DatabaseValue? ?? .null), learnt.isFinite
        else { return nil }
        let stored = row["value"] as DatabaseValue? ?? .null
        let value = stored.isNull ? nil : Data.fromDatabaseValue(stored)
        if !stored.isNull, value == nil { return nil }
        let version = Int.fromDatabaseValue(row["version"] as DatabaseValue? ?? .null) ?? 1
        return SavedRecord(id: id, value: value, learnt: Date(timeIntervalSinceReferenceDate: learnt), version: version)
    }

    /// Runs `body` on the database (opening it first if a lock kept `init` from it); when SQLite
    /// finds the file damaged, remakes it and runs `body` once more on the new one.
    private func access<Value>(
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
