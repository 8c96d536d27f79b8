// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
import Foundation
import GRDB
public import MVVMData

/// A `CacheStore` in one SQLite database file, through GRDB: for caches with many
/// entries, where one file per key (`FileCacheStore`) is too many files.
///
/// - **All or nothing.** A save is one SQLite transaction: the new row and any evictions
///   commit together, or not at all. A process killed mid-save leaves the old entry or the new
///   one (CrashSafetyTests kills a writer mid-save, again and again).
/// - **Exact.** Keys are stored as BLOBs of their UTF-8 bytes, so any key round-trips, NUL
///   bytes included; `savedAt` is stored as the bit pattern of the `Double` a `Date` holds
///   (seconds since 2001), so every date reads back to the bit.
/// - **Bounded.** After each save, the least recently saved entries are deleted until the
///   entries' data takes at most ``maxBytes`` (keys and SQLite's own pages are not counted; the
///   file keeps freed pages for reuse rather than shrinking).
///
/// A file is opened as a GRDB `DatabasePool`, in WAL mode: a read never waits for a save of
/// another key (a 2 MiB write does not block the screen that reads a small entry), a commit
/// costs one append and one `fsync` of the WAL instead of the rollback journal's several, and a
/// transaction a killed process left unfinished is simply not in the database when it is opened
/// again. The file gets `-wal` and `-shm` companions. ``inMemory(maxBytes:)`` uses a
/// `DatabaseQueue`, since a pool needs a file.
///
/// ```swift
/// let store = try SQLiteCacheStore(path: cachesFolder.appending(path: "api.sqlite").path)
/// let local = LocalDataSource(store: store, schemaVersion: 2)
/// ```
///
/// Errors: a file that is not an SQLite database, or one SQLite finds damaged, is
/// `CacheStoreError.corrupted(_:)` (the store does not delete it: remove the file,
/// and its `-wal` and `-shm`, and open again); every other SQLite failure is
/// `CacheStoreError.io(_:)`.
public final class SQLiteCacheStore: CacheStore {
    /// The database file, or `nil` for an in-memory store.
    public var path: String? { database.path }
    /// The most bytes the entries' data may take.
    public let maxBytes: Int
    private let database: LazyDatabase

    /// Opens (creating it if needed) the database at `path`, holding at most `maxBytes` of
    /// entry data (64 MiB by default).
    ///
    /// It never waits for another process: when another connection holds the file locked, the
    /// store opens at its first read or save, which wait for the lock (up to 5 s, off the Swift
    /// pool) as every later one does.
    ///
    /// - Throws: `CacheStoreError.corrupted(_:)` when the file is not an SQLite
    ///   database; `CacheStoreError.io(_:)` when it cannot be opened or migrated for another
    ///   reason than a lock.
    public init(path: String, maxBytes: Int = 64 << 20) throws(CacheStoreError) {
        database = try LazyDatabase(path: path, label: "SQLiteCacheStore", prepare: Self.prepare)
        self.maxBytes = max(1, maxBytes)
    }

    /// A store in memory, gone when it is released: for tests and previews that want SQLite's
    /// behaviour without a file.
    public static func inMemory(maxBytes: Int = 64 << 20) throws(CacheStoreError) -> SQLiteCacheStore {
        try SQLiteCacheStore(database: LazyDatabase(inMemoryLabel: "SQLiteCacheStore", prepare: prepare), maxBytes: maxBytes)
    }

    private init(database: LazyDatabase, maxBytes: Int) {
        self.database = database
        self.maxBytes = max(1, maxBytes)
    }

    /// Creates the cache table if needed; closes `database` when that fails.
    @Sendable private static func prepare(_ database: any DatabaseWriter) throws(CacheStoreError) {
        do {
            try CacheSchema.migrator.migrate(database)
        } catch {
            try? database.close()
            throw storeError(error, while: "creating the cache table")
        }
    }

    /// The entry saved under `key`, or `nil` when there is none.
    public func entry(for key: String) async throws(CacheStoreError) -> CacheEntry? {
        let keyBytes = CacheSchema.keyBytes(key)
        let found = try await access("reading an entry") { database in
            try await database.read { db in try CacheSchema.entry(for: keyBytes, in: db) }
        }
        switch found {
        case .none:
            return nil
        case .entry(let entry):
            return entry
        case .unreadable:
            try? await removeEntry(for: key)
            throw .corrupted("a row of the cache table does not read as an entry; it was removed")
        }
    }

    /// Saves `entry` under `key` in one transaction, then evicts the least recently saved
    /// entries beyond ``maxBytes``.
    ///
    /// - Throws: `CacheStoreError.tooLarge(bytes:limit:)` for data larger than
    ///   ``maxBytes``; the entry saved before under `key` stays.
    public func save(_ entry: CacheEntry, for key: String) async throws(CacheStoreError) {
        guard entry.data.count <= maxBytes else { throw .tooLarge(bytes: entry.data.count, limit: maxBytes) }
        let keyBytes = CacheSchema.keyBytes(key)
        let maxBytes = maxBytes
        try await access("saving an entry") { database in
            try await database.write { db in
                try CacheSchema.insert(entry, keyBytes: keyBytes, in: db)
                try CacheSchema.evict(keeping: keyBytes, maxBytes: maxBytes, in: db)
            }
        }
    }

    /// Removes the entry under `key`, if any.
    public func removeEntry(for key: String) async throws(CacheStoreError) {
        let keyBytes = CacheSchema.keyBytes(key)
        try await access("removing an entry") { database in
            try await database.write { db in
                try db.execute(sql: CacheSchema.delete, arguments: [keyBytes])
            }
        }
    }

    /// Removes every entry.
    public func removeAll() async throws(CacheStoreError) {
        try await access("removing every entry") { database in
            try await database.write { db in try db.execute(sql: CacheSchema.deleteAll) }
        }
    }

    /// The bytes the entries' data take now.
    public var totalBytes: Int {
        get async throws(CacheStoreError) {
            try await access("measuring the entries") { database in
                try await database.read { db in try CacheSchema.totalBytes(in: db) }
            }
        }
    }

    /// Closes the database; later calls throw `CacheStoreError.io(_:)`. Releasing the
    /// store closes it too; call this to know when the file is no longer in use.
    public func close() throws(CacheStoreError) {
        try database.close()
    }

    /// Runs a database access on the database (opening it first if a lock kept `init` from it),
    /// its errors as `CacheStoreError`.
    private func access<Value>(_ action: String, _ body: (any DatabaseWriter) async throws -> Value) async throws(CacheStoreError) -> Value {
        let writer = try await database.database(for: action)
        do {
            return try await body(writer)
        } catch {
            throw Self.storeError(error, while: action)
        }
    }
}
#endif  // MVVMGRDB
