import MVVMTestSupport
import Foundation
import MVVMData
import MVVMGRDB
import MVVMTesting
import Testing

/// What the SQLite store adds to the contract: a size bound, typed errors for a file that is
/// not a database, and entries that outlive the store that saved them.
@Suite(.timeLimit(.minutes(2)))
struct SQLiteCacheStoreTests {
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)

    func entry(bytes: Int, fill: UInt8 = 7) -> CacheEntry {
        CacheEntry(data: Data(repeating: fill, count: bytes), savedAt: savedAt, schemaVersion: 1)
    }

    @Test func theLeastRecentlySavedEntriesGoWhenTheDataOutgrowsTheLimit() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteCacheStore(path: folder.path("cache.sqlite"), maxBytes: 10_000)
        for index in 0..<3 {
            try await store.save(entry(bytes: 3_000), for: "key \(index)")
        }
        // Saving "key 0" again makes "key 1" the least recently saved.
        try await store.save(entry(bytes: 3_000, fill: 9), for: "key 0")
        try await store.save(entry(bytes: 3_000), for: "key 3")

        #expect(try await store.totalBytes == 9_000)
        #expect(try await store.entry(for: "key 1") == nil)
        #expect(try await store.entry(for: "key 0") == entry(bytes: 3_000, fill: 9))
        #expect(try await store.entry(for: "key 2") == entry(bytes: 3_000))
        #expect(try await store.entry(for: "key 3") == entry(bytes: 3_000))
    }

    @Test func anEntryLargerThanTheLimitIsRefusedAndTheOldOneKept() async throws {
        let store = try SQLiteCacheStore.inMemory(maxBytes: 1_000)
        try await store.save(entry(bytes: 10), for: "k")
        await #expect(throws: CacheStoreError.tooLarge(bytes: 2_000, limit: 1_000)) {
            try await store.save(entry(bytes: 2_000), for: "k")
        }
        #expect(try await store.entry(for: "k") == entry(bytes: 10))
        try await store.save(entry(bytes: 1_000), for: "k")
        #expect(try await store.entry(for: "k") == entry(bytes: 1_000))
    }

    @Test func aFileThatIsNotADatabaseIsATypedErrorAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("not-a-database.sqlite")
        let garbage = Data(String(repeating: "not an SQLite database. ", count: 200).utf8)
        try garbage.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: CacheStoreError.self) { try SQLiteCacheStore(path: path) }
        guard case .corrupted = error else {
            Issue.record("expected .corrupted, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func aFolderThatDoesNotExistIsAnIOError() throws {
        let error = #expect(throws: CacheStoreError.self) {
            try SQLiteCacheStore(path: "/nonexistent-\(UUID().uuidString)/cache.sqlite")
        }
        guard case .io = error else {
            Issue.record("expected .io, got \(String(describing: error))")
            return
        }
    }

    @Test func entriesOutliveAClosedStore() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("cache.sqlite")
        let first = try SQLiteCacheStore(path: path)
        try await first.save(entry(bytes: 100), for: "kept")
        try await first.save(entry(bytes: 100), for: "removed")
        try await first.removeEntry(for: "removed")
        try first.close()
        await #expect(throws: CacheStoreError.self) { try await first.entry(for: "kept") }

        let reopened = try SQLiteCacheStore(path: path)
        #expect(try await reopened.entry(for: "kept") == entry(bytes: 100))
        #expect(try await reopened.entry(for: "removed") == nil)
        #expect(try await reopened.totalBytes == 100)
    }

    /// Exact to the bit for every `Date`: the store keeps `timeIntervalSinceReferenceDate`, what a
    /// `Date` holds, where going through `timeIntervalSince1970` would round 1e-10 s to 0.
    @Test(arguments: [0.0, -0.0, 1e-10, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 721_692_800.123_456_7])
    func savedAtReadsBackToTheBit(secondsSinceReferenceDate: Double) async throws {
        let store = try SQLiteCacheStore.inMemory()
        let savedAt = Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate)
        try await store.save(CacheEntry(data: Data(), savedAt: savedAt, schemaVersion: 1), for: "k")
        let read = try #require(try await store.entry(for: "k"))
        #expect(read.savedAt.timeIntervalSinceReferenceDate.bitPattern == secondsSinceReferenceDate.bitPattern)
    }
}
