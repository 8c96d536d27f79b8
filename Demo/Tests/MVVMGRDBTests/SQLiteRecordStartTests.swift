import MVVMTestSupport
import Foundation
import GRDB
import MVVMData
import MVVMGRDB
import Testing

/// A second start's first query and its retention rule need no write: the index an earlier run
/// made, and nothing to forget, are read so. A write would wait behind another's flush (measured
/// with strace at 10,000 users: the first rows waited 50 ms for a checkpoint's fsync) or, as
/// here, behind another process holding the write lock.
@Suite(.timeLimit(.minutes(1)))
struct SQLiteRecordStartTests {
    private struct Member: Identifiable, Codable, Sendable {
        let id: Int
        var name: String
    }

    @Test func aSecondStartQueriesAndTrimsWhileAnotherProcessHoldsTheWriteLock() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("members.sqlite")
        let search = RecordSearch<Member>(fields: [RecordField("id") { $0.id }]) { $0.name }
        let members = (1...20).map { Member(id: $0, name: "Member \($0)") }
        let records = members.map {
            SavedRecord(id: try! JSONEncoder().encode($0.id), value: try! JSONEncoder().encode($0), learnt: Date(timeIntervalSinceReferenceDate: Double($0.id)), index: search.index(of: $0))
        }
        let query = SavedRecordQuery(layout: search.layout, order: 0, limit: 5)
        let first = try SQLiteRecordStorage(path: path, kind: "members")
        try await first.save(records)
        #expect(try await first.records(matching: query).count == 5)   // makes the query's index
        try first.close()

        let second = try SQLiteRecordStorage(path: path, kind: "members")
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true   // the lock is held across accesses, as another process's is
        let other = try DatabaseQueue(path: path, configuration: holding)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        #expect(try await second.records(matching: query).map(\.id) == records.prefix(5).map(\.id))
        #expect(try await second.trim(learntBefore: Date(timeIntervalSinceReferenceDate: 0), maxCount: 100, limit: 110, kept: []) == [])
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }

        // With work to do, the rule still forgets (the write waits for no one now).
        #expect(try await second.trim(learntBefore: nil, maxCount: 15, limit: 16, kept: []).count == 5)
        try other.close()
        try second.close()
    }
}
