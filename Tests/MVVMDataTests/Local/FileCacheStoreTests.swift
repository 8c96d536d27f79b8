import MVVMTestSupport
import Foundation
import MVVMData
import MVVMTesting
import Testing

/// What the file store adds to the contract: a size bound, corrupted files reported and
/// removed, and the temporary files of a killed writer cleaned up.
@Suite(.timeLimit(.minutes(2)))
struct FileCacheStoreTests {
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)

    func entry(bytes: Int) -> CacheEntry {
        CacheEntry(data: Data(repeating: 7, count: bytes), savedAt: savedAt, schemaVersion: 1)
    }

    func entryFiles(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".entry") }
    }

    @Test func theOldestSavedEntriesGoWhenTheFolderOutgrowsItsLimit() async throws {
        let folder = try TemporaryFolder()
        let store = FileCacheStore(directory: folder.url, maxBytes: 10_000)
        for index in 0..<5 {
            try await store.save(entry(bytes: 3_000), for: "key \(index)")
        }
        // Each file is 3,000 bytes and a small header: three fit in 10,000.
        #expect(try await store.totalBytes <= 10_000)
        #expect(try await store.entry(for: "key 0") == nil)
        #expect(try await store.entry(for: "key 1") == nil)
        for index in 2..<5 {
            #expect(try await store.entry(for: "key \(index)") == entry(bytes: 3_000))
        }
        #expect(try entryFiles(folder.url).count == 3)
    }

    /// The least recently used go first, not the least recently saved: an entry read since is
    /// kept, in this process and in the next (issue 41, N10: the saved page a screen reads on
    /// every start went before pictures saved after it).
    @Test func anEntryReadSinceItWasSavedIsKeptOverOnesNobodyRead() async throws {
        let folder = try TemporaryFolder()
        let store = FileCacheStore(directory: folder.url, maxBytes: 10_000)
        for index in 0..<3 { try await store.save(entry(bytes: 3_000), for: "key \(index)") }
        #expect(try await store.entry(for: "key 0") == entry(bytes: 3_000))   // used
        try await store.save(entry(bytes: 3_000), for: "key 3")
        #expect(try await store.entry(for: "key 0") == entry(bytes: 3_000), "read since: kept")
        #expect(try await store.entry(for: "key 1") == nil, "the least recently used went")

        // The next process reads the order from the files' times: a read sets its file's time.
        let files = try entryFiles(folder.url).map { folder.url.appendingPathComponent($0) }
        let anHourAgo = Date().addingTimeInterval(-3_600)
        for file in files { try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: file.path) }
        let next = FileCacheStore(directory: folder.url, maxBytes: 10_000)
        #expect(try await next.entry(for: "key 2") == entry(bytes: 3_000))
        let touched = try files.filter { file in
            let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            return (modified ?? anHourAgo) > anHourAgo.addingTimeInterval(60)
        }
        #expect(touched.count == 1, "only the file read has a new time")
        try await next.save(entry(bytes: 3_000), for: "key 4")
        #expect(try await next.entry(for: "key 2") == entry(bytes: 3_000), "read last in the next process: kept")
        #expect(try entryFiles(folder.url).count == 3)
    }

    @Test func anEntryLargerThanTheLimitIsRefusedAndTheOldOneKept() async throws {
        let folder = try TemporaryFolder()
        let store = FileCacheStore(directory: folder.url, maxBytes: 1_000)
        try await store.save(entry(bytes: 10), for: "k")
        await #expect(throws: CacheStoreError.tooLarge(bytes: 2_043, limit: 1_000)) {
            try await store.save(entry(bytes: 2_000), for: "k")
        }
        #expect(try await store.entry(for: "k") == entry(bytes: 10))
    }

    @Test func aTornFileIsReportedOnceAndRemoved() async throws {
        let folder = try TemporaryFolder()
        let store = FileCacheStore(directory: folder.url)
        try await store.save(entry(bytes: 100), for: "k")
        let file = folder.url.appendingPathComponent(try #require(try entryFiles(folder.url).first))
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count / 2).write(to: file)

        await #expect {
            _ = try await store.entry(for: "k")
        } throws: { error in
            guard case .corrupted = error as? CacheStoreError else { return false }
            return true
        }
        #expect(try await store.entry(for: "k") == nil)
        #expect(try entryFiles(folder.url).isEmpty)
    }

    @Test func temporaryFilesOfAKilledWriterAreRemovedAndEntriesKept() async throws {
        let folder = try TemporaryFolder()
        try await FileCacheStore(directory: folder.url).save(entry(bytes: 10), for: "k")
        let leftover = folder.url.appendingPathComponent(".tmp-left-by-a-killed-writer")
        try Data("half a file".utf8).write(to: leftover)

        let reopened = FileCacheStore(directory: folder.url)
        try await reopened.save(entry(bytes: 20), for: "other")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(try await reopened.entry(for: "k") == entry(bytes: 10))
    }

    @Test func removeAllLeavesFilesThatAreNotEntries() async throws {
        let folder = try TemporaryFolder()
        let store = FileCacheStore(directory: folder.url)
        let notes = folder.url.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: notes)
        try await store.save(entry(bytes: 10), for: "k")
        try await store.removeAll()
        #expect(try await store.entry(for: "k") == nil)
        #expect(FileManager.default.fileExists(atPath: notes.path))
    }

    @Test func emptyingAFolderThatIsAFileNamesThePathAndTheProblem() async throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("a-file")
        try Data("not a cache".utf8).write(to: file)
        let store = FileCacheStore(directory: file)
        await #expect(throws: CacheStoreError.io("\(file.path) is a file, not a folder")) { try await store.removeAll() }
        #expect(try Data(contentsOf: file) == Data("not a cache".utf8), "the file is left alone")
    }

    @Test func aFolderThatCannotBeMadeIsAnIOError() async throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("a-file")
        try Data().write(to: file)
        let store = FileCacheStore(directory: file.appendingPathComponent("below"))
        await #expect {
            try await store.save(entry(bytes: 1), for: "k")
        } throws: { error in
            guard case .io = error as? CacheStoreError else { return false }
            return true
        }
    }
}
