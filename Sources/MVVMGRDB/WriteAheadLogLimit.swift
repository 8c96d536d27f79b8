// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
import GRDB

/// How much disk a database's write-ahead log (`-wal`) may keep: SQLite copies it into the file
/// every 256 pages (1 MiB) and cuts it back to 1 MiB after. SQLite's own defaults let it grow to
/// 4 MiB and keep that size for good, beside a cache of pictures that holds less (issue 54).
enum WriteAheadLogLimit {
    /// The log's size, in bytes, beyond which it is cut back after a checkpoint.
    static let bytes = 1 << 20

    /// Sets the limit on every connection `configuration` opens.
    static func apply(to configuration: inout Configuration) {
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_size_limit = \(bytes)")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 256")
        }
    }
}
#endif  // MVVMGRDB
