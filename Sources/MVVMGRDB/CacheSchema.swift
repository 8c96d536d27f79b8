// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
import Foundation
import GRDB
import MVVMData

/// The `cacheEntry` table of a ``SQLiteCacheStore``, and the statements over it.
///
/// | column | type | holds |
/// | --- | --- | --- |
/// | `key` | BLOB, primary key | the key's UTF-8 bytes, exactly (NUL bytes and all) |
/// | `data` | BLOB | the entry's data |
/// | `size` | INTEGER | the data's byte count, for the size bound |
/// | `savedAt` | INTEGER | the bit pattern of `savedAt.timeIntervalSinceReferenceDate` (see below) |
/// | `schemaVersion` | INTEGER | the entry's schema version |
/// | `sequence` | INTEGER | one more than the largest before: the order of saves, for eviction |
///
/// `savedAt` keeps the `Double` a `Date` holds, as an integer, so that every date reads back to
/// the bit: a REAL column would turn a NaN into NULL, and going through `timeIntervalSince1970`
/// would round (1e-10 s after 2001 reads back as 2001 exactly).
///
/// The index on `(sequence, size)` finds the oldest entries, and covers the total size.
enum CacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createCacheEntry") { db in
            try db.execute(sql: """
                CREATE TABLE cacheEntry (
                    key BLOB NOT NULL PRIMARY KEY,
                    data BLOB NOT NULL,
                    size INTEGER NOT NULL,
                    savedAt INTEGER NOT NULL,
                    schemaVersion INTEGER NOT NULL,
                    sequence INTEGER NOT NULL
                );
                CREATE INDEX cacheEntry_sequence ON cacheEntry (sequence, size);
                """)
        }
        return migrator
    }

    static let select = "SELECT data, savedAt, schemaVersion FROM cacheEntry WHERE key = ?"
    static let delete = "DELETE FROM cacheEntry WHERE key = ?"
    static let deleteAll = "DELETE FROM cacheEntry"

    /// The key as stored. `Data`, not `String`: a TEXT column would compare as text, and SQLite
    /// leaves text with NUL bytes undefined.
    static func keyBytes(_ key: String) -> Data {
        Data(key.utf8)
    }

    /// What a key's row holds.
    enum Lookup: Sendable {
        /// No row.
        case none
        /// A row, read as an entry.
        case entry(CacheEntry)
        /// A row whose columns are not what this type writes.
        case unreadable
    }

    /// The entry under `keyBytes`.
    static func entry(for keyBytes: Data, in db: Database) throws -> Lookup {
        guard let row = try Row.fetchOne(db, sql: select, arguments: [keyBytes]) else { return .none }
        // Read as DatabaseValue first: GRDB's typed subscripts stop the process on a value of
        // another type, and a foreign row must be reported, not crash.
        guard
            let data = Data.fromDatabaseValue(row["data"] as DatabaseValue? ?? .null),
            let savedAtBits = Int64.fromDatabaseValue(row["savedAt"] as DatabaseValue? ?? .null),
            let storedSchema = Int64.fromDatabaseValue(row["schemaVersion"] as DatabaseValue? ?? .null),
            let schemaVersion = Int(exactly: storedSchema)
        else { return .unreadable }
        let savedAt = Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(bitPattern: savedAtBits)))
        return .entry(CacheEntry(data: data, savedAt: savedAt, schemaVersion: schemaVersion))
    }

    /// Inserts or replaces the entry under `keyBytes`, as the most recent save.
    static func insert(_ entry: CacheEntry, keyBytes: Data, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO cacheEntry (key, data, size, savedAt, schemaVersion, sequence)
                VALUES (?, ?, ?, ?, ?, (SELECT IFNULL(MAX(sequence), 0) + 1 FROM cacheEntry))
                """,
            arguments: [
                keyBytes,
                entry.data,
                entry.data.count,
                Int64(bitPattern: entry.savedAt.timeIntervalSinceReferenceDate.bitPattern),
                Int64(entry.schemaVersion),
            ]
        )
    }

    /// The bytes of every entry's data.
    static func totalBytes(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT IFNULL(SUM(size), 0) FROM cacheEntry") ?? 0
    }

    /// Deletes the least recently saved entries, never `kept`, until the rest fit in `maxBytes`.
    static func evict(keeping kept: Data, maxBytes: Int, in db: Database) throws {
        var total = try totalBytes(in: db)
        guard total > maxBytes else { return }
        var evicted: [Data] = []
        let oldestFirst = try Row.fetchCursor(db, sql: "SELECT key, size FROM cacheEntry ORDER BY sequence")
        while total > maxBytes, let row = try oldestFirst.next() {
            guard let key = Data.fromDatabaseValue(row["key"] as DatabaseValue? ?? .null), key != kept else { continue }
            evicted.append(key)
            total -= Int.fromDatabaseValue(row["size"] as DatabaseValue? ?? .null) ?? 0
        }
        for key in evicted {
            try db.execute(sql: delete, arguments: [key])
        }
    }
}
#endif  // MVVMGRDB
