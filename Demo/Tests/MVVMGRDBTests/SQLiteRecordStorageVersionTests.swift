import MVVMTestSupport
import Foundation
import GRDB
import MVVMData
import MVVMGRDB
import Testing

/// Records carry the version of their shape (issue 52). A records file today's demo wrote (a
/// `record` table with no `version` column) opens with nothing lost: its rows read as version 1,
/// and a record saved again in another version keeps it.
@Suite(.timeLimit(.minutes(2)))
struct SQLiteRecordStorageVersionTests {
    @Test func aFileWrittenBeforeVersionsOpensItsRowsVersionOneAndKeepsANewVersion() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("users.sqlite")
        // The file as the demo wrote it before: the table, its one migration, two users.
        try await KeyValueRecordFile.write(at: path, kind: "users", rows: [
            (Data("1".utf8), Data(#"{"id":1}"#.utf8), 100),
            (Data("2".utf8), nil, 200),
        ])

        let storage = try SQLiteRecordStorage(path: path, kind: "users")
        let read = try await storage.records().sorted { $0.learnt < $1.learnt }
        #expect(read == [
            SavedRecord(id: Data("1".utf8), value: Data(#"{"id":1}"#.utf8), learnt: Date(timeIntervalSinceReferenceDate: 100), version: 1),
            SavedRecord(id: Data("2".utf8), value: nil, learnt: Date(timeIntervalSinceReferenceDate: 200), version: 1),
        ])
        let migrated = SavedRecord(id: Data("1".utf8), value: Data(#"{"id":1,"name":""}"#.utf8), learnt: Date(timeIntervalSinceReferenceDate: 100), version: 2)
        try await storage.save([migrated])
        try storage.close()
        #expect(try await SQLiteRecordStorage(path: path, kind: "users").records([Data("1".utf8)]) == [migrated])
    }
}
