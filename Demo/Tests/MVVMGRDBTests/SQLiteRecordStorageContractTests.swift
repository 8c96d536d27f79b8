import MVVMTestSupport
import Foundation
import MVVMData
import MVVMDataTesting
import MVVMGRDB
import Testing

/// `SQLiteRecordStorage` keeps the contract of every `RecordStorage`, and a save writes what
/// changed. The contract also checks its queries (indexes and FTS5): every answer, page, trim
/// and count of records to index is the reference's, over random people, filters, orders,
/// searches and pages.
@Suite(.timeLimit(.minutes(2)))
struct SQLiteRecordStorageContractTests {
    @Test func sqliteStorageKeepsTheContract() async throws {
        let folder = try TemporaryFolder()
        try await RecordStorageContract.verify { name in
            try SQLiteRecordStorage(path: folder.path(name + ".sqlite"), kind: "users")
        }
    }

    @Test func kindsInOneFileAreApart() async throws {
        let folder = try TemporaryFolder()
        let users = try SQLiteRecordStorage(path: folder.path("records.sqlite"), kind: "users")
        let posts = try SQLiteRecordStorage(path: folder.path("records.sqlite"), kind: "posts")
        try await users.save([SavedRecord(id: Data("1".utf8), value: Data("user".utf8), learnt: Date())])
        try await posts.save([SavedRecord(id: Data("1".utf8), value: Data("post".utf8), learnt: Date())])
        #expect(try await users.records().map(\.value) == [Data("user".utf8)])
        #expect(try await posts.records().map(\.value) == [Data("post".utf8)])
    }

    @Test func aFileThatIsNotADatabaseIsReportedCorrupted() async throws {
        let folder = try TemporaryFolder()
        try Data(repeating: 0x41, count: 8_192).write(to: folder.url.appendingPathComponent("bad.sqlite"))
        #expect(throws: CacheStoreError.self) { try SQLiteRecordStorage(path: folder.path("bad.sqlite"), kind: "users") }
    }
}
