import MVVMTestSupport
import Foundation
import GRDB
import MVVMData
import MVVMGRDB
import Testing

/// A records file damaged where SQLite only finds it later, past its first page, is remade
/// (issue 54, M4): every read and save failed with "database disk image is malformed", run after
/// run, and the app showed no saved rows offline for good. A storage's records are what the
/// server confirmed, which the server still has; a pending write is in the outbox, not here.
@Suite(.timeLimit(.minutes(2)))
struct SQLiteRecordStorageDamageTests {
    static func users(_ count: Int) -> [SavedRecord] {
        (1...count).map { SavedRecord(id: Data("\($0)".utf8), value: Data(repeating: UInt8($0 % 251), count: 200), learnt: Date(timeIntervalSinceReferenceDate: 800_000_000)) }
    }

    /// Saves 2,000 records (about a hundred pages), then overwrites the file from its fifth page on
    /// with bytes that are no SQLite page, leaving its header and schema whole.
    static func damagedFile(in folder: TemporaryFolder) async throws -> String {
        let path = folder.path("users.sqlite")
        let storage = try SQLiteRecordStorage(path: path, kind: "users")
        try await storage.save(users(2_000))
        try storage.close()
        // Every page in the file itself, none left in the WAL.
        let queue = try DatabaseQueue(path: path)
        try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        for companion in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + companion) }
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        #expect(size > 40_000, "more than a few pages")
        try handle.seek(toOffset: 4 * 4_096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4 * 4_096))
        try handle.close()
        return path
    }

    @Test func aFileDamagedPastItsFirstPageIsRemadeAndSavesAgain() async throws {
        let folder = try TemporaryFolder()
        let path = try await Self.damagedFile(in: folder)
        let storage = try SQLiteRecordStorage(path: path, kind: "users")   // page 1 is whole: it opens
        #expect(try await storage.records() == [], "the damaged records are gone, not an error run after run")
        let user = SavedRecord(id: Data("7".utf8), value: Data("Ann".utf8), learnt: Date(timeIntervalSinceReferenceDate: 800_000_100))
        try await storage.save([user])
        #expect(try await storage.records() == [user])
        try storage.close()
        #expect(try await SQLiteRecordStorage(path: path, kind: "users").records() == [user], "the next run reads it")
    }

    @Test func aSaveThatMeetsTheDamageIsSavedInTheRemadeFile() async throws {
        let folder = try TemporaryFolder()
        let path = try await Self.damagedFile(in: folder)
        let storage = try SQLiteRecordStorage(path: path, kind: "users")
        let users = Self.users(2_000)   // updates rows on the damaged pages
        try await storage.save(users)
        #expect(try await storage.records().count == 2_000)
    }

    /// A `record` table of another shape, marked migrated (another program's, or a future
    /// version's), is reported damaged at open rather than failing every read for good: the app
    /// then makes the file anew, as it does for a file that is no database.
    @Test func aRecordTableOfAnotherShapeIsReportedDamagedAtOpen() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("users.sqlite")
        let other = try DatabaseQueue(path: path)
        try await other.write { db in
            try db.execute(sql: "CREATE TABLE record (name TEXT)")
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('createRecord')")
        }
        try other.close()
        #expect(throws: CacheStoreError.corrupted("opening \(path): the record table has the columns name, not kind, id, value, learnt, version")) {
            try SQLiteRecordStorage(path: path, kind: "users")
        }
    }
}
