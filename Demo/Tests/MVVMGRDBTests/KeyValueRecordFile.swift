import Foundation
import GRDB

/// A records file as the demo wrote it before versions and queries (its key-value `record` table
/// and its one migration), for tests of what a file written then becomes when it opens.
enum KeyValueRecordFile {
    /// One row: an id's bytes, its value (`nil`: deleted), when it was learnt (seconds since the
    /// reference date).
    typealias Row = (id: Data, value: Data?, learnt: Double)

    /// Writes the file at `path` with `rows` of `kind`.
    static func write(at path: String, kind: String, rows: [Row]) async throws {
        let old = try DatabaseQueue(path: path)
        try await old.write { db in
            try db.execute(sql: """
                CREATE TABLE record (kind TEXT NOT NULL, id BLOB NOT NULL, value BLOB, learnt REAL NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID;
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('createRecord');
                """)
            let statement = try db.makeStatement(sql: "INSERT INTO record VALUES (?, ?, ?, ?)")
            for row in rows { try statement.execute(arguments: [kind, row.id, row.value, row.learnt]) }
        }
        try old.close()
    }
}
