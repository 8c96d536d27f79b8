import Foundation
public import MVVMData
public import Testing

/// The behaviour every `RecordStorage` must have, as checks you run on your own storage.
///
/// swift-mvvm runs it on `InMemoryRecordStorage`, `FileRecordStorage` and MVVMGRDB's
/// `SQLiteRecordStorage`; run it on yours:
///
/// ```swift
/// @Test func myStorageKeepsTheContract() async throws {
///     try await RecordStorageContract.verify { name in MyRecordStorage(path: folder + name) }
/// }
/// ```
///
/// It checks that nothing saved reads as nothing; that records read back exactly (id and value
/// bytes, the date to the bit, the version of the shape, deletions), one per id; that removed
/// records read as never saved; that of each record the value learnt
/// later is kept, whatever the order of the saves and whichever of two storages on one place
/// saved it (a tie goes to the later save); that `records(_:)` finds the ids asked and no others;
/// that concurrent saves all land; and that a storage opened again at the same place reads what
/// was saved. Of a storage that answers queries (`QueryableRecordStorage`), it also checks that
/// every answer, page, trim and count of records to index is the reference's (what
/// `InMemoryRecordStorage` answers by scanning every record), over random records, filters,
/// orders, searches and pages, with fixed seeds, so that a failure repeats.
public enum RecordStorageContract {
    /// Runs every check. Failures are recorded as Swift Testing issues at `sourceLocation`.
    ///
    /// - Parameters:
    ///   - open: opens the storage at a place named by its argument: the same name must reach the
    ///     same saved records (a folder, a database file), a new name an empty storage.
    ///   - sourceLocation: where failures are reported; the caller's by default.
    public static func verify(
        open: @Sendable (String) async throws -> any RecordStorage,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let at = sourceLocation
        let early = Date(timeIntervalSinceReferenceDate: 1_000.123_456_789)
        let late = Date(timeIntervalSinceReferenceDate: 2_000.987_654_321)
        func id(_ text: String) -> Data { Data(text.utf8) }
        func sorted(_ records: [SavedRecord]) -> [SavedRecord] { records.sorted { $0.id.lexicographicallyPrecedes($1.id) } }

        // Nothing saved: nothing, not an error.
        let empty = try await open("empty")
        #expect(try await empty.records().isEmpty, "an empty storage has no record", sourceLocation: at)
        #expect(try await empty.records([id("1")]).isEmpty, "an empty storage finds no id", sourceLocation: at)

        // Round trip: values of every size, a deletion, ids with any byte.
        let storage = try await open("round-trip")
        let big = Data((0..<(256 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let saved = [
            SavedRecord(id: id("1"), value: Data(#"{"name":"東京"}"#.utf8), learnt: early),
            SavedRecord(id: id("\"a\u{0}b\""), value: Data(), learnt: late),
            SavedRecord(id: id("3"), value: big, learnt: early),
            SavedRecord(id: id("4"), value: nil, learnt: .distantPast),
            SavedRecord(id: id("5"), value: Data("{}".utf8), learnt: early, version: 7),   // its shape's version too
        ]
        try await storage.save(saved)
        #expect(sorted(try await storage.records()) == sorted(saved), "records read back as saved", sourceLocation: at)
        #expect(sorted(try await storage.records([id("3"), id("4"), id("missing")])) == sorted([saved[2], saved[3]]),
                "records(_:) finds the ids asked, and no others", sourceLocation: at)

        // Forgotten: read as never saved, the others untouched; an id never saved is no error.
        let forgetting = try await open("remove")
        try await forgetting.save(saved)
        try await forgetting.remove([id("3"), id("missing"), id("1")].reduce(into: [:]) { $0[$1] = early })
        #expect(sorted(try await forgetting.records()) == sorted(saved.filter { $0.id != id("3") && $0.id != id("1") }),
                "remove(_:) forgets the ids given, and no others", sourceLocation: at)
        try await forgetting.remove([id("\"a\u{0}b\"")].reduce(into: [:]) { $0[$1] = early })
        #expect(try await forgetting.records([id("\"a\u{0}b\"")]) == [saved[1]],
                "remove(_:) keeps a record learnt after the time given", sourceLocation: at)
        #expect(try await open("remove").records([id("3")]).isEmpty, "a record removed stays removed when opened again", sourceLocation: at)

        // Of each record, the value learnt later, whatever the order of the saves.
        try await storage.save([SavedRecord(id: id("1"), value: Data("older".utf8), learnt: .distantPast)])
        try await storage.save([SavedRecord(id: id("3"), value: Data("newer".utf8), learnt: late)])
        try await storage.save([SavedRecord(id: id("4"), value: Data("back".utf8), learnt: early)])
        let afterward = Dictionary(uniqueKeysWithValues: try await storage.records().map { ($0.id, $0) })
        #expect(afterward.count == saved.count, "one record per id", sourceLocation: at)
        #expect(afterward[id("1")]?.value == saved[0].value, "an older value never replaces a newer one", sourceLocation: at)
        #expect(afterward[id("3")]?.value == Data("newer".utf8), "a newer value replaces an older one", sourceLocation: at)
        #expect(afterward[id("4")] == SavedRecord(id: id("4"), value: Data("back".utf8), learnt: early),
                "a record deleted can come back, learnt later", sourceLocation: at)
        // A tie goes to the later save; within one save, to the later record.
        try await storage.save([SavedRecord(id: id("1"), value: Data("tie".utf8), learnt: early)])
        try await storage.save([
            SavedRecord(id: id("5"), value: Data("first".utf8), learnt: early),
            SavedRecord(id: id("5"), value: Data("second".utf8), learnt: early),
        ])
        #expect(try await storage.records([id("1")]).first?.value == Data("tie".utf8), "a tie goes to the later save", sourceLocation: at)
        #expect(try await storage.records([id("5")]).first?.value == Data("second".utf8), "a tie within a save goes to the later record", sourceLocation: at)

        // A save of many, each id twice (the older copies after all the newer, then each older
        // copy just before its newer): one record per id, the newer value, however the storage
        // splits a save.
        let many = try await open("many")
        let newer = (0..<1_500).map { SavedRecord(id: id("m\($0)"), value: Data("new \($0)".utf8), learnt: late) }
        let older = (0..<1_500).map { SavedRecord(id: id("m\($0)"), value: Data("old \($0)".utf8), learnt: early) }
        try await many.save(newer + older)
        try await many.save(zip(older, newer).flatMap { [$0.0, $0.1] })
        #expect(sorted(try await many.records()) == sorted(newer), "a save of many keeps, of each id, the value learnt later", sourceLocation: at)

        // Two storages on one place: each keeps the other's newer values.
        let first = try await open("shared")
        let second = try await open("shared")
        try await first.save([SavedRecord(id: id("17"), value: Data("confirmed".utf8), learnt: late)])
        try await second.save([
            SavedRecord(id: id("17"), value: Data("stale".utf8), learnt: early),
            SavedRecord(id: id("18"), value: Data("other".utf8), learnt: early),
        ])
        let shared = Dictionary(uniqueKeysWithValues: try await first.records().map { ($0.id, $0.value) })
        #expect(shared == [id("17"): Data("confirmed".utf8), id("18"): Data("other".utf8)],
                "the last storage to save never puts back an older value the other saved", sourceLocation: at)

        // Concurrent saves all land.
        let concurrent = try await open("concurrent")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask { try await concurrent.save([SavedRecord(id: id("\(index)"), value: Data("\(index)".utf8), learnt: early)]) }
            }
            try await group.waitForAll()
        }
        #expect(try await concurrent.records().count == 20, "every concurrent save lands", sourceLocation: at)

        // Opened again: the same records.
        let reopened = try await open("round-trip")
        #expect(sorted(try await reopened.records()) == sorted(try await storage.records()),
                "a storage opened again reads what was saved", sourceLocation: at)

        // Queries, where the storage answers them.
        try await QueryableStorageContract.verify(open: open, name: "query", at: at)
    }
}
