import Foundation
package import MVVMData
package import Testing

/// What `RecordStorageContract.verify` checks of a storage that answers queries
/// (`QueryableRecordStorage`): each answer, page, count and trim is the reference's, computed by
/// scanning every record saved (`SavedRecords`, what `InMemoryRecordStorage` answers), over
/// random people, filters, orders, searches and pages, with fixed seeds so a failure repeats.
package enum QueryableStorageContract {
    /// A person of the checks: a name searched (accents, full-width letters, `ß`, quotes, CJK), a
    /// team and a flag filtered, an age and the id ordered by.
    private struct Person: Identifiable, Codable, Sendable {
        let id: Int
        var name: String
        var team: String
        var isActive: Bool
        var age: Int
    }

    private static let search = RecordSearch<Person>(
        options: [.diacriticInsensitive, .widthInsensitive],
        fields: [RecordField("id") { $0.id }, RecordField("team") { $0.team }, RecordField("isActive") { $0.isActive }, RecordField("age") { $0.age }]
    ) { $0.name }
    private static let names = ["Zoë", "zoe", "ＺＯＥ", "Anders", "José", "jose", "Straße", "strasse", "O\"Neil", "李小龍", "user12", "user123"]
    private static let searches = ["", "zo", "zoe", "ZOË", "o\"n", "ss", "straß", "小龍", "user1", "user12", " 4", "e 1"]

    private static func saved(_ person: Person, learnt: Double) -> SavedRecord {
        SavedRecord(
            id: Data("\(person.id)".utf8), value: try! JSONEncoder().encode(person),   // a Person always encodes
            learnt: Date(timeIntervalSinceReferenceDate: learnt), index: search.index(of: person)
        )
    }

    /// Runs every check on storages opened by `open` under names starting with `name`: the
    /// answers with `answerSeeds`, the trims with `trimSeeds` (the contract's: all 12 and 6; a
    /// test of the checks themselves may run fewer).
    package static func verify(
        open: @Sendable (String) async throws -> any RecordStorage, name: String, at: SourceLocation,
        answerSeeds: Range<UInt64> = 0..<12, trimSeeds: Range<UInt64> = 0..<6
    ) async throws {
        for seed in answerSeeds {
            guard let storage = try await open("\(name)-answers-\(seed)") as? any QueryableRecordStorage else { return }
            try await answersAsTheReference(storage, seed: seed, at: at)
        }
        for seed in trimSeeds {
            guard let storage = try await open("\(name)-trim-\(seed)") as? any QueryableRecordStorage else { return }
            try await trimsAsTheReference(storage, seed: seed, at: at)
        }
        guard let many = try await open("\(name)-many") as? any QueryableRecordStorage,
              let toIndex = try await open("\(name)-to-index") as? any QueryableRecordStorage else { return }
        try await aSearchOfManyMatchesAnswersAsOneOfFew(many, at: at)
        try await recordsToIndexAreThoseWithoutTheLayout(toIndex, at: at)
    }

    /// 300 random people, a deleted record and one of another layout (never answered); 40 random
    /// queries, each paged through to its end, each page the next of the reference's whole answer.
    /// The first difference is reported, and ends the seed's checks.
    private static func answersAsTheReference(_ storage: any QueryableRecordStorage, seed: UInt64, at: SourceLocation) async throws {
        var random = SeededRandom(seed: seed)
        var records = (1...300).map { id in
            saved(Person(id: id, name: names[random.pick(names.count)] + " \(random.pick(50))", team: ["red", "blue", "green"][random.pick(3)],
                         isActive: random.pick(2) == 0, age: 20 + random.pick(10)), learnt: Double(id))
        }
        records.append(SavedRecord(id: Data("999".utf8), value: nil, learnt: Date(timeIntervalSinceReferenceDate: 1)))
        var other = saved(Person(id: 1000, name: "Zoë", team: "red", isActive: true, age: 20), learnt: 1)
        other.index?.layout = "another"
        records.append(other)
        var reference = SavedRecords()
        _ = reference.save(records)
        try await storage.save(records)

        for _ in 0..<40 {
            var query = SavedRecordQuery(layout: search.layout, order: [0, 1, 3][random.pick(3)], descending: random.pick(2) == 0, limit: 1 + random.pick(40))
            if random.pick(2) == 0 { query.conditions[2] = .int(random.pick(2)) }
            if random.pick(3) == 0 { query.conditions[1] = .text(["red", "blue", "green", "none"][random.pick(4)]) }
            query.search = search.folded(query: searches[random.pick(searches.count)])
            var whole = query
            whole.limit = .max
            let wholeAnswer = reference.records(matching: whole)
            var shown = 0
            for _ in 0..<20 {
                let answer = try await storage.records(matching: query)
                let expected = Array(wholeAnswer.dropFirst(shown).prefix(query.limit))
                guard answer == expected else {
                    Issue.record("records(matching:) \(describe(query)) (seed \(seed)): ids \(ids(answer)), the reference's \(ids(expected))", sourceLocation: at)
                    return
                }
                guard let last = expected.last, expected.count == query.limit else { break }
                shown += expected.count
                query.after = query.position(of: last)
            }
        }
    }

    /// 2,500 people, most matching: a search of many answers as one of few.
    private static func aSearchOfManyMatchesAnswersAsOneOfFew(_ storage: any QueryableRecordStorage, at: SourceLocation) async throws {
        let records = (1...2_500).map { id in
            saved(Person(id: id, name: id % 1000 == 8 ? "rare \(id)" : "common \(id)", team: "red", isActive: id % 2 == 0, age: id % 7), learnt: Double(id))
        }
        var reference = SavedRecords()
        _ = reference.save(records)
        try await storage.save(records)
        for text in ["common", "rare", "mmon 2", "co"] {
            let query = SavedRecordQuery(layout: search.layout, conditions: [2: .int(1)], order: 3, search: search.folded(query: text), limit: 50)
            let answer = try await storage.records(matching: query)
            let expected = reference.records(matching: query)
            let same = answer == expected
            #expect(same, "a search for \"\(text)\" among 2,500: ids \(ids(answer)), the reference's \(ids(expected))", sourceLocation: at)
            #expect(!answer.isEmpty, "a search for \"\(text)\" finds some of the 2,500", sourceLocation: at)
        }
    }

    /// Records saved without an index, or under another layout, are the ones to index, by id,
    /// page by page; a deleted record is not; one saved again with the layout no longer is.
    private static func recordsToIndexAreThoseWithoutTheLayout(_ storage: any QueryableRecordStorage, at: SourceLocation) async throws {
        func person(_ id: Int) -> SavedRecord { saved(Person(id: id, name: "p\(id)", team: "red", isActive: true, age: 1), learnt: 1) }
        var plain = person(2)
        plain.index = nil
        var older = person(3)
        older.index?.layout = "0;older"
        let deleted = SavedRecord(id: Data("4".utf8), value: nil, learnt: Date(timeIntervalSinceReferenceDate: 1))
        try await storage.save([person(1), plain, older, deleted])
        #expect(try await storage.countRecordsToIndex(layout: search.layout) == 2, "two records to index: one without an index, one of another layout", sourceLocation: at)
        let first = try await storage.recordsToIndex(layout: search.layout, after: nil, limit: 1)
        #expect(first.map(\.id) == [plain.id], "the first page of records to index, by id", sourceLocation: at)
        let rest = try await storage.recordsToIndex(layout: search.layout, after: first.last?.id, limit: 10)
        #expect(rest.map(\.id) == [older.id], "the next page, after the first's last id", sourceLocation: at)
        try await storage.save([person(2), person(3)])
        #expect(try await storage.recordsToIndex(layout: search.layout, after: nil, limit: 10).isEmpty, "records saved again with the layout are indexed", sourceLocation: at)
        #expect(try await storage.countRecordsToIndex(layout: search.layout) == 0, "none left to index", sourceLocation: at)
    }

    /// A random retention rule forgets what the reference forgets: the old first, then the least
    /// recently learnt down to the count, never the kept.
    private static func trimsAsTheReference(_ storage: any QueryableRecordStorage, seed: UInt64, at: SourceLocation) async throws {
        var random = SeededRandom(seed: seed)
        let records = (1...300).map { id in
            saved(Person(id: id, name: "p\(id)", team: "red", isActive: true, age: 1), learnt: Double(random.pick(100_000)) + Double(id) / 1_000)
        }
        var reference = SavedRecords()
        _ = reference.save(records)
        try await storage.save(records)
        let kept = Set((0..<20).map { _ in records[random.pick(records.count)].id })
        let cutoff = random.pick(2) == 0 ? nil : Date(timeIntervalSinceReferenceDate: Double(random.pick(50_000)))
        let maxCount = [nil, 0, 50, 200, 400][random.pick(5)]
        let limit = maxCount.map { $0 + $0 / 10 } ?? .max
        let forgotten = Set(try await storage.trim(learntBefore: cutoff, maxCount: maxCount, limit: limit, kept: kept))
        let expected = Set(reference.trim(learntBefore: cutoff, maxCount: maxCount, limit: limit, kept: kept))
        let same = forgotten == expected, keptForgotten = kept.intersection(forgotten).count
        #expect(same, "trim (seed \(seed)) forgot \(forgotten.count) records, the reference \(expected.count); \(forgotten.subtracting(expected).count) of them not the reference's", sourceLocation: at)
        let keptTheRest = Set(try await storage.records().map(\.id)) == Set(reference.all.map(\.id))
        #expect(keptTheRest, "trim (seed \(seed)) keeps the records the reference keeps", sourceLocation: at)
        #expect(keptForgotten == 0, "trim (seed \(seed)) forgot \(keptForgotten) of the records it was told to keep", sourceLocation: at)
    }
}

/// A query as a failure names it: its filter, order, search and page.
private func describe(_ query: SavedRecordQuery) -> String {
    let filter = query.conditions.sorted { $0.key < $1.key }.map { "field \($0.key) = \($0.value)" }.joined(separator: ", ")
    let after = query.after.map { "after \($0.value), id \(String(decoding: $0.id, as: UTF8.self))" } ?? "first page"
    return "[\(filter)] by field \(query.order)\(query.descending ? " descending" : ""), search \"\(query.search)\", \(after), limit \(query.limit)"
}

/// The ids of `records` as the checks save them (a person's number), for a failure's message.
private func ids(_ records: [SavedRecord]) -> [String] {
    records.map { String(decoding: $0.id, as: UTF8.self) }
}

/// SplitMix64: the same numbers for a seed on every platform, so a failing check repeats. (The
/// tests' `SplitMix64` is in `_MVVMTestSupport`, which waits on the wall clock and is kept out
/// of the test kits an app links.)
private struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<count`.
    mutating func pick(_ count: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(count))
    }
}
