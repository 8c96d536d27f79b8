import MVVMTestSupport
import Foundation
import MVVMData
import MVVMGRDB
import Testing

/// A person of the query tests: a name searched (accents, full-width letters, `ß`), a team and a
/// flag filtered, an age and the id ordered by.
private struct Person: Identifiable, Codable, Hashable, Sendable {
    let id: Int
    var name: String
    var team: String
    var isActive: Bool
    var age: Int
}

extension RecordField<Person> {
    fileprivate static let id = RecordField("id") { $0.id }
    fileprivate static let team = RecordField("team") { $0.team }
    fileprivate static let isActive = RecordField("isActive") { $0.isActive }
    fileprivate static let age = RecordField("age") { $0.age }
}

/// The SQLite engine answers every query as the in-memory storage (the reference answer) does:
/// random people, random filters, orders, searches and pages, and both storages' ids compared.
@Suite(.timeLimit(.minutes(2)))
struct SQLiteRecordQueryTests {
    private static let search = RecordSearch<Person>(options: [.diacriticInsensitive, .widthInsensitive], fields: [.id, .team, .isActive, .age]) { $0.name }
    private static let names = ["Zoë", "zoe", "ＺＯＥ", "Anders", "José", "jose", "Straße", "strasse", "O\"Neil", "李小龍", "user12", "user123"]

    private static func saved(_ person: Person, learnt: Double) -> SavedRecord {
        SavedRecord(
            id: try! JSONEncoder().encode(person.id), value: try! JSONEncoder().encode(person),
            learnt: Date(timeIntervalSinceReferenceDate: learnt), index: search.index(of: person)
        )
    }

    @Test(arguments: 0..<12)
    func theSQLiteEngineAnswersAsTheReference(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let reference = InMemoryRecordStorage()
        let sqlite = try SQLiteRecordStorage.inMemory(kind: "people")
        var records: [SavedRecord] = []
        for id in 1...300 {
            let name = Self.names[pick(Self.names.count)] + " \(pick(50))"
            let person = Person(id: id, name: name, team: ["red", "blue", "green"][pick(3)], isActive: pick(2) == 0, age: 20 + pick(10))
            records.append(Self.saved(person, learnt: Double(id)))
        }
        // A deleted record and one indexed by another layout: neither is ever answered.
        records.append(SavedRecord(id: try JSONEncoder().encode(999), value: nil, learnt: Date(timeIntervalSinceReferenceDate: 1)))
        var other = Self.saved(Person(id: 1000, name: "Zoë", team: "red", isActive: true, age: 20), learnt: 1)
        other.index?.layout = "another"
        records.append(other)
        await reference.save(records)
        try await sqlite.save(records)

        for _ in 0..<40 {
            var query = SavedRecordQuery(layout: Self.search.layout, order: [0, 1, 3][pick(3)], descending: pick(2) == 0, limit: 1 + pick(40))
            if pick(2) == 0 { query.conditions[2] = .int(pick(2)) }
            if pick(3) == 0 { query.conditions[1] = .text(["red", "blue", "green", "none"][pick(4)]) }
            let texts = ["", "zo", "zoe", "ZOË", "o\"n", "ss", "straß", "小龍", "user1", "user12", " 4", "e 1"]
            query.search = Self.search.folded(query: texts[pick(texts.count)])
            // Page through the whole answer: each page after the last row of the one before.
            var pages: [Data] = [], expected: [Data] = []
            for _ in 0..<20 {
                let fromSQLite = try await sqlite.records(matching: query)
                let fromReference = await reference.records(matching: query)
                #expect(fromSQLite == fromReference, "\(query)")
                guard let last = fromReference.last, fromReference.count == query.limit else { break }
                pages += fromSQLite.map(\.id)
                expected += fromReference.map(\.id)
                query.after = query.position(of: last)
            }
            #expect(pages == expected)
        }
    }

    /// Enough matches that a search reads the rows in order (the full-text index counts
    /// ``SQLiteRecordStorage/sparseMatches`` or more): the same answer as a search of few.
    @Test func aSearchOfManyMatchesAnswersAsOneOfFew() async throws {
        let reference = InMemoryRecordStorage()
        let sqlite = try SQLiteRecordStorage.inMemory(kind: "people")
        let records = (1...2_500).map { id in
            Self.saved(Person(id: id, name: id % 1000 == 8 ? "rare \(id)" : "common \(id)", team: "red", isActive: id % 2 == 0, age: id % 7), learnt: Double(id))
        }
        await reference.save(records)
        try await sqlite.save(records)
        for text in ["common", "rare", "mmon 2", "co"] {
            let query = SavedRecordQuery(layout: Self.search.layout, conditions: [2: .int(1)], order: 3, search: Self.search.folded(query: text), limit: 50)
            let answer = try await sqlite.records(matching: query)
            #expect(answer == (await reference.records(matching: query)))
            #expect(!answer.isEmpty)
        }
    }

    /// Records saved without an index (by an earlier version, or copied from the key-value
    /// table) or under another layout are the ones to index, by id, page by page.
    @Test func recordsToIndexAreThoseWithoutThisLayout() async throws {
        let sqlite = try SQLiteRecordStorage.inMemory(kind: "people")
        let indexed = Self.saved(Person(id: 1, name: "a", team: "red", isActive: true, age: 1), learnt: 1)
        var plain = Self.saved(Person(id: 2, name: "b", team: "red", isActive: true, age: 1), learnt: 1)
        plain.index = nil
        var older = Self.saved(Person(id: 3, name: "c", team: "red", isActive: true, age: 1), learnt: 1)
        older.index?.layout = "0;older"
        let deleted = SavedRecord(id: try JSONEncoder().encode(4), value: nil, learnt: Date(timeIntervalSinceReferenceDate: 1))
        try await sqlite.save([indexed, plain, older, deleted])
        let first = try await sqlite.recordsToIndex(layout: Self.search.layout, after: nil, limit: 1)
        #expect(first.map(\.id) == [plain.id])
        let rest = try await sqlite.recordsToIndex(layout: Self.search.layout, after: first.last?.id, limit: 10)
        #expect(rest.map(\.id) == [older.id])
        try await sqlite.save([Self.saved(Person(id: 2, name: "b", team: "red", isActive: true, age: 1), learnt: 1)])
        try await sqlite.save([Self.saved(Person(id: 3, name: "c", team: "red", isActive: true, age: 1), learnt: 1)])
        #expect(try await sqlite.recordsToIndex(layout: Self.search.layout, after: nil, limit: 10).isEmpty)
    }

    /// The retention rule in SQLite forgets what the reference forgets: the old first, then the
    /// least recently learnt down to the count, never the kept.
    @Test(arguments: 0..<6)
    func trimmingForgetsAsTheReference(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let reference = InMemoryRecordStorage()
        let sqlite = try SQLiteRecordStorage.inMemory(kind: "people")
        let records = (1...300).map { id in
            Self.saved(Person(id: id, name: "p\(id)", team: "red", isActive: true, age: 1), learnt: Double(pick(100_000)) + Double(id) / 1_000)
        }
        await reference.save(records)
        try await sqlite.save(records)
        let kept = Set((0..<20).map { _ in records[pick(records.count)].id })
        let cutoff = pick(2) == 0 ? nil : Date(timeIntervalSinceReferenceDate: Double(pick(50_000)))
        let maxCount = [nil, 0, 50, 200, 400][pick(5)]
        let limit = maxCount.map { $0 + $0 / 10 } ?? .max
        let fromSQLite = try await sqlite.trim(learntBefore: cutoff, maxCount: maxCount, limit: limit, kept: kept)
        let fromReference = await reference.trim(learntBefore: cutoff, maxCount: maxCount, limit: limit, kept: kept)
        #expect(Set(fromSQLite) == Set(fromReference))
        #expect(Set(try await sqlite.records().map(\.id)) == Set(await reference.records().map(\.id)))
        #expect(kept.isDisjoint(with: fromSQLite))
    }
}
