import MVVMTestSupport
import Foundation
import GRDB
import MVVMCore
import MVVMData
import MVVMGRDB
import MVVMTesting
import Testing

/// A records file today's demo wrote before queries ran in SQLite (the key-value `record` table,
/// version 1) opens in the new layout with nothing lost: the store indexes its rows, and an
/// offline list shows them from the storage, page by page, by the new rules.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct SQLiteRecordMigrationTests {
    struct Member: Identifiable, Codable, Hashable, Sendable {
        let id: Int
        var name: String
        var isActive: Bool
    }

    enum MemberWrite: RecordWrite, Hashable {
        case rename(String, id: Int)
        var recordID: Int { switch self { case .rename(_, let id): id } }
        func applied(to member: Member?) -> Member? {
            guard var member, case .rename(let name, _) = self else { return member }
            member.name = name
            return member
        }
    }

    struct Query: Hashable, Sendable {
        var text = ""
        var activeOnly = false
    }

    struct ListState: Equatable, Sendable {
        var query = Query()
        var members = LiveRows<Member>()
    }

    struct Offline: Error {}

    nonisolated static let id = RecordField<Member>("id") { $0.id }
    nonisolated static let isActive = RecordField<Member>("isActive") { $0.isActive }
    nonisolated static let search = RecordSearch<Member>(options: [.diacriticInsensitive], fields: [id, isActive]) { $0.name }
    nonisolated static let rules = LiveQueryRules<Member, Query>(searchText: \.text, order: id) { query in
        query.activeOnly ? [isActive.equals(true)] : []
    }

    @Test func aKeyValueFileOpensIndexedAndAnOfflineListShowsItsRows() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("members.sqlite")
        let rows = try (1...3_000).map { id in
            let member = Member(id: id, name: id == 2_993 ? "José \(id)" : "Member \(id)", isActive: id % 3 != 0)
            return (try JSONEncoder().encode(id), Optional(try JSONEncoder().encode(member)), Double(id))
        }
        try await KeyValueRecordFile.write(at: path, kind: "members", rows: rows)

        let clock = TestClock()
        let storage = try SQLiteRecordStorage(path: path, kind: "members")
        try await clock.perform {
            let records = RecordStore<MemberWrite>(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: storage, search: Self.search)
            await records.waitUntilIndexed()
            #expect(records.unreadableRecords == 0)
            let store = StateStore(ListState(), clock: clock)
            let live = store.liveQuery(\.members, records: records, named: "members", query: \.query, pageSize: 10, rules: Self.rules) { (_: LivePageRequest<Query, Int>) -> LivePage<Member, Int> in
                throw Offline()
            }
            live.loadIfNeeded()
            try await settle(clock) { store.state.members.rows.count == 10 }
            #expect(store.state.members.rows.map(\.id) == Array(1...10))
            #expect(store.state.members.origin?.savedAt != nil, "marked saved")

            store.update { $0.query = Query(text: "jose", activeOnly: true) }
            try await settle(clock) { store.state.members.rows.count == 1 }
            #expect(store.state.members.rows.map(\.record.name) == ["José 2993"])

            store.update { $0.query = Query(activeOnly: true) }
            // The active members held (8 of the first 11) and then those read for the filter.
            try await settle(clock) { store.state.members.rows.count == 10 && !store.state.members.refresh.isLoading }
            live.load(.next)
            try await settle(clock) { store.state.members.rows.count == 20 }
            #expect(store.state.members.rows.map(\.id) == (1...30).filter { $0 % 3 != 0 })
        }
        #expect(try await storage.recordsToIndex(layout: Self.search.layout, after: nil, limit: 10).isEmpty, "every row indexed, once")
    }

    /// Advances the clock until `done`, as the storage's reads (on SQLite's own threads) land;
    /// fails after 500 turns.
    private func settle(_ clock: TestClock, until done: () -> Bool) async throws {
        for _ in 0..<500 {
            await clock.advance()
            if done() { return }
            await Task.yield()
        }
        Issue.record("never settled")
    }
}
