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
/// Errors: a file that is not an SQLite database, or one SQLite finds damaged, is
/// `CacheStoreError.corrupted(_:)`; every other SQLite failure is `CacheStoreError.io(_:)`.
public final class SQLiteRecordStorage: RecordStorage {
    /// The database file, or `nil` in memory.
    public let path: String?
    /// Which records of the file this storage reads and writes.
    public let kind: String
    private let database: any DatabaseWriter

    /// Opens (creating it if needed) the database at `path`, for the records of `kind`.
    ///
    /// - Throws: `CacheStoreError.corrupted(_:)` when the file is not an SQLite database;
    ///   `CacheStoreError.io(_:)` when it cannot be opened or migrated.
    public convenience init(path: String, kind: String) throws(CacheStoreError) {
        let database: DatabasePool
        do {
            database = try DatabasePool(path: path, configuration: Self.configuration)
        } catch {
            throw SQLiteCacheStore.storeError(error, while: "opening \(path)")
        }
        try self.init(database: database, path: path, kind: kind)
    }

    /// A storage in memory, gone when released: for tests and previews that want SQLite's
    /// behaviour without a file.
    public static func inMemory(kind: String) throws(CacheStoreError) -> SQLiteRecordStorage {
        let database: DatabaseQueue
        do {
            database = try DatabaseQueue(configuration: configuration)
        } catch {
            throw SQLiteCacheStore.storeError(error, while: "opening an in-memory database")
        }
        return try SQLiteRecordStorage(database: database, path: nil, kind: kind)
    }

    private init(database: any DatabaseWriter, path: String?, kind: String) throws(CacheStoreError) {
        do {
            try Self.migrator.migrate(database)
        } catch {
            try? database.close()
            throw SQLiteCacheStore.storeError(error, while: "creating the record table")
        }
        self.database = database
        self.path = path
        self.kind = kind
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "SQLiteRecordStorage"
        // Another storage on the same file (another process) may be saving.
        configuration.busyMode = .timeout(5)
        return configuration
    }

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
        return migrator
    }

    /// Every record of ``kind``.
    public func records() async throws(CacheStoreError) -> [SavedRecord] {
        let kind = kind
        return try await access("reading the records") {
            try await database.read { db in
                try Row.fetchAll(db, sql: "SELECT id, value, learnt FROM record WHERE kind = ?", arguments: [kind]).compactMap(Self.record)
            }
        }
    }

    /// The saved records among `ids`.
    public func records(_ ids: [Data]) async throws(CacheStoreError) -> [SavedRecord] {
        let kind = kind
        return try await access("reading records") {
            try await database.read { db in
                let statement = try db.cachedStatement(sql: "SELECT id, value, learnt FROM record WHERE kind = ? AND id = ?")
                return try ids.compactMap { id in
                    try Row.fetchOne(statement, arguments: [kind, id]).flatMap(Self.record)
                }
            }
        }
    }

    /// Saves each record unless the one saved was learnt later, in one transaction.
    public func save(_ records: [SavedRecord]) async throws(CacheStoreError) {
        guard !records.isEmpty else { return }
        let kind = kind
        try await access("saving records") {
            try await database.write { db in
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO record (kind, id, value, learnt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (kind, id) DO UPDATE SET value = excluded.value, learnt = excluded.learnt
                    WHERE excluded.learnt >= record.learnt
                    """)
                for record in records {
                    try statement.execute(arguments: [kind, record.id, record.value, record.learnt.timeIntervalSinceReferenceDate])
                }
            }
        }
    }

    /// Closes the database; later calls throw `CacheStoreError.io(_:)`.
    public func close() throws(CacheStoreError) {
        do {
            try database.close()
        } catch {
            throw SQLiteCacheStore.storeError(error, while: "closing")
        }
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
        return SavedRecord(id: id, value: value, learnt: Date(timeIntervalSinceReferenceDate: learnt))
    }

    private func access<Value>(_ action: String, _ body: () async throws -> Value) async throws(CacheStoreError) -> Value {
        do {
            return try await body()
        } catch {
            throw SQLiteCacheStore.storeError(error, while: action)
        }
    }
}
#endif  // MVVMGRDB
