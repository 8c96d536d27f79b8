// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
import Foundation
import GRDB
import MVVMData

// The tables of an `SQLiteRecordStorage`, made and checked when it opens.
extension SQLiteRecordStorage {
    /// Creates the tables if needed and checks their shape; closes `database` when either
    /// fails. A table of another shape marked migrated (another program's, a future version's)
    /// would fail every read: reported as damage, which the app answers by a new file.
    static func prepare(_ database: any DatabaseWriter, path: String?) throws(CacheStoreError) {
        do {
            try migrator.migrate(database)
        } catch {
            try? database.close()
            throw SQLiteCacheStore.storeError(error, while: "creating the record table")
        }
        // A read that fails (another connection's lock, say) is that failure, never a table of
        // another shape: the app would remove the file for it.
        let found: (old: [String], rows: [String])
        do {
            found = try database.read { db in
                let old = try db.tableExists("record") ? db.columns(in: "record").map(\.name) : []
                let rows = try db.tableExists("record_row") ? db.columns(in: "record_row").map(\.name) : []
                return (old, rows)
            }
        } catch {
            try? database.close()
            throw SQLiteCacheStore.storeError(error, while: "checking the record table")
        }
        // A `record` table left: of a shape no migration reads.
        guard found.old.isEmpty else {
            try? database.close()
            throw .corrupted("opening \(path ?? "memory"): the record table has the columns \(found.old.joined(separator: ", ")), not \(oldColumns.joined(separator: ", "))")
        }
        guard found.rows == columns else {
            try? database.close()
            throw .corrupted("opening \(path ?? "memory"): the record_row table has the columns \(found.rows.joined(separator: ", ")), not \(columns.joined(separator: ", "))")
        }
    }

    /// The columns of the key-value `record` table of versions before queries ran in SQLite.
    private static let oldColumns = ["kind", "id", "value", "learnt", "version"]
    /// The `record_row` table's columns, in order.
    private static let columns = ["row", "kind", "id", "value", "learnt", "version", "layout", "search", "f0", "f1", "f2", "f3"]

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
        // Queries run in SQLite: each record a row with an integer key (for the full-text index),
        // its search text and fields beside its value. The rows are copied from `record` with no
        // index (`layout` NULL): the store indexes them (`recordsToIndex`), reading each value.
        migrator.registerMigration("queryable") { db in
            try db.execute(sql: """
                CREATE TABLE record_row (
                    row INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    id BLOB NOT NULL,
                    value BLOB,
                    learnt REAL NOT NULL,
                    version INTEGER NOT NULL DEFAULT 1,
                    layout TEXT,
                    search TEXT,
                    f0, f1, f2, f3,
                    UNIQUE (kind, id)
                );
                CREATE INDEX record_layout ON record_row (kind, layout, id);
                CREATE VIRTUAL TABLE record_search USING fts5(
                    search, content = 'record_row', content_rowid = 'row', tokenize = 'trigram case_sensitive 1'
                );
                CREATE TRIGGER record_search_insert AFTER INSERT ON record_row WHEN new.search IS NOT NULL BEGIN
                    INSERT INTO record_search (rowid, search) VALUES (new.row, new.search);
                END;
                CREATE TRIGGER record_search_delete AFTER DELETE ON record_row WHEN old.search IS NOT NULL BEGIN
                    INSERT INTO record_search (record_search, rowid, search) VALUES ('delete', old.row, old.search);
                END;
                CREATE TRIGGER record_search_update AFTER UPDATE OF search ON record_row BEGIN
                    INSERT INTO record_search (record_search, rowid, search) SELECT 'delete', old.row, old.search WHERE old.search IS NOT NULL;
                    INSERT INTO record_search (rowid, search) SELECT new.row, new.search WHERE new.search IS NOT NULL;
                END;
                """)
            guard try db.tableExists("record"), try db.columns(in: "record").map(\.name) == oldColumns else { return }
            try db.execute(sql: """
                INSERT INTO record_row (kind, id, value, learnt, version) SELECT kind, id, value, learnt, version FROM record;
                DROP TABLE record;
                """)
        }
        // The retention rule forgets the least recently learnt first (`trim`).
        migrator.registerMigration("learntIndex") { db in
            try db.execute(sql: "CREATE INDEX record_learnt ON record_row (kind, learnt)")
        }
        return migrator
    }
}

extension RecordFieldValue {
    /// The value as SQLite keeps it: an integer or a text.
    var databaseValue: DatabaseValue {
        switch self {
        case .int(let value): Int64(value).databaseValue
        case .text(let value): value.databaseValue
        }
    }
}
#endif  // MVVMGRDB
