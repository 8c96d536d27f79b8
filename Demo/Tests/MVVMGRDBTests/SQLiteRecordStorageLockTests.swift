import MVVMTestSupport
import Foundation
import GRDB
import MVVMData
import MVVMGRDB
import Testing

/// A records file another process holds locked (issue 54, M7): the open waited 5 s for it on the
/// app's first frame, then failed, and the app ran without saving users for the rest of the run.
/// Now the open never waits: the storage opens at its first read or save, and saves once the lock
/// is gone.
@Suite(.timeLimit(.minutes(2)))
struct SQLiteRecordStorageLockTests {
    static let ann = SavedRecord(id: Data("1".utf8), value: Data("Ann".utf8), learnt: Date(timeIntervalSinceReferenceDate: 800_000_000))
    static let bob = SavedRecord(id: Data("2".utf8), value: Data("Bob".utf8), learnt: Date(timeIntervalSinceReferenceDate: 800_000_100))

    /// A records file holding Ann, then another connection holding it locked for good
    /// (`locking_mode=EXCLUSIVE` and a write: no other connection reads or writes it until this
    /// one is closed), as `sqlite3` in another terminal can.
    static func lockedFile(in folder: TemporaryFolder) async throws -> (path: String, holder: DatabaseQueue) {
        let path = folder.path("users.sqlite")
        let storage = try SQLiteRecordStorage(path: path, kind: "users")
        try await storage.save([ann])
        try storage.close()
        let holder = try DatabaseQueue(path: path)
        try await holder.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "INSERT INTO record_row (kind, id, value, learnt) VALUES ('other', x'00', NULL, 0)")
        }
        return (path, holder)
    }

    @Test func aFileAnotherConnectionHoldsLockedOpensWithoutWaitingAndSavesOnceItIsFree() async throws {
        let folder = try TemporaryFolder()
        let (path, holder) = try await Self.lockedFile(in: folder)
        // Old code: waited 5 s here, then threw "database is locked".
        let storage = try SQLiteRecordStorage(path: path, kind: "users")
        try holder.close()   // the other process lets go
        try await storage.save([Self.bob])
        #expect(try await storage.records().sorted { $0.learnt < $1.learnt } == [Self.ann, Self.bob], "what was saved before, and the save after")
        try storage.close()
    }

    @Test func aReadWhileTheLockIsHeldFailsAndTheNextOneAfterSucceeds() async throws {
        let folder = try TemporaryFolder()
        let (path, holder) = try await Self.lockedFile(in: folder)
        let storage = try SQLiteRecordStorage(path: path, kind: "users")
        await #expect(throws: CacheStoreError.self, "held: the read waits, then fails") {
            try await storage.records()
        }
        try holder.close()
        #expect(try await storage.records() == [Self.ann], "the next read opens the file")
        try storage.close()
    }

    @Test func aClosedStorageThatNeverOpenedStaysClosed() async throws {
        let folder = try TemporaryFolder()
        let (path, holder) = try await Self.lockedFile(in: folder)
        let storage = try SQLiteRecordStorage(path: path, kind: "users")
        try storage.close()
        try holder.close()
        await #expect(throws: CacheStoreError.self) { try await storage.records() }
    }

    /// The demo's pictures are an `SQLiteCacheStore` opened at start: the same lock blanked the
    /// start for 5 s there too.
    @Test func aCacheFileAnotherConnectionHoldsLockedOpensWithoutWaitingAndSavesOnceItIsFree() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("pictures.sqlite")
        let entry = CacheEntry(data: Data("picture".utf8), savedAt: Date(timeIntervalSinceReferenceDate: 800_000_000), schemaVersion: 1)
        let first = try SQLiteCacheStore(path: path)
        try await first.save(entry, for: "a")
        try first.close()
        let holder = try DatabaseQueue(path: path)
        try await holder.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "DELETE FROM cacheEntry WHERE key = x'00'")
        }
        // Old code: waited 5 s here, then threw "database is locked".
        let store = try SQLiteCacheStore(path: path)
        try holder.close()
        try await store.save(entry, for: "b")
        #expect(try await store.entry(for: "a") == entry)
        #expect(try await store.entry(for: "b") == entry)
        try store.close()
    }
}
