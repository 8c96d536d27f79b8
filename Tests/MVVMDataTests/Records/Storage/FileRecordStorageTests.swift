import MVVMTestSupport
import Foundation
@testable import MVVMData
import MVVMTesting
import Testing

/// What `FileRecordStorage` promises beyond the contract: a save writes what changed, the
/// journal stays small, damage is repaired, and two processes' saves interleave safely.
@Suite(.timeLimit(.minutes(2)))
struct FileRecordStorageTests {
    let folder: TemporaryFolder
    var journalPath: String { folder.path("users.records") }

    init() throws {
        folder = try TemporaryFolder()
    }

    func storage() -> FileRecordStorage {
        FileRecordStorage(directory: folder.url, name: "users")
    }

    func record(_ id: Int, _ text: String, learnt: Double = 1) -> SavedRecord {
        SavedRecord(id: Data("\(id)".utf8), value: Data(#"{"id":\#(id),"name":"\#(text)"}"#.utf8), learnt: Date(timeIntervalSinceReferenceDate: learnt))
    }

    func journalSize() throws -> Int {
        try FileManager.default.attributesOfItem(atPath: journalPath)[.size] as? Int ?? -1
    }

    @Test func savingOneRecordWritesTheSameBytesWhateverTheRecordsHeld() async throws {
        let storage = storage()
        var bytesPerSave: [Int] = []
        var held = 0
        for count in [10, 1_000, 20_000] {
            try await storage.save((held..<count).map { record($0, "user \($0)") })
            held = count
            let before = try journalSize()
            try await storage.save([record(5, "renamed", learnt: Double(count))])
            bytesPerSave.append(try journalSize() - before)
        }
        #expect(Set(bytesPerSave).count == 1, "\(bytesPerSave)")
        #expect(bytesPerSave[0] < 100, "one frame: \(bytesPerSave[0]) bytes")
    }

    @Test func theJournalIsRewrittenOnceMostOfItIsOlderValues() async throws {
        let storage = storage()
        try await storage.save((0..<100).map { record($0, "user \($0)") })
        let live = try journalSize()
        for round in 1...5_000 {
            try await storage.save([record(round % 100, "round \(round)", learnt: Double(round + 1))])
        }
        let size = try journalSize()
        #expect(size <= max(2 * live + 4_096, 256 << 10 + 4_096), "\(size) bytes for \(live) live")
        let records = try await storage.records()
        #expect(records.count == 100)
        #expect(records.first { $0.id == Data("7".utf8) }?.value == record(7, "round 4907").value)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func aCutJournalKeepsEveryWholeRecord() async throws {
        try await storage().save((0..<10).map { record($0, "user \($0)") })
        let size = try journalSize()
        let handle = try #require(FileHandle(forWritingAtPath: journalPath))
        try handle.truncate(atOffset: UInt64(size - 5))
        try handle.close()
        let records = try await storage().records()
        #expect(Set(records.map(\.id)) == Set((0..<9).map { Data("\($0)".utf8) }))
        // Repaired: a save appends after whole frames, and everything reads back.
        try await storage().save([record(9, "again", learnt: 2)])
        #expect(try await storage().records().count == 10)
    }

    @Test func aDamagedFrameLosesThatRecordAlone() async throws {
        try await storage().save((0..<3).map { record($0, "user \($0)") })
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: journalPath)))
        let frame = RecordJournalFormat.encode(record(0, "user 0")).count
        bytes[RecordJournalFormat.headerSize + frame + 20] ^= 0xFF   // inside the second frame
        try Data(bytes).write(to: URL(fileURLWithPath: journalPath))
        let records = try await storage().records()
        #expect(Set(records.map(\.id)) == [Data("0".utf8), Data("2".utf8)])
    }

    @Test func aForeignFileReadsAsNothingAndIsReplaced() async throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data("not a journal at all".utf8).write(to: URL(fileURLWithPath: journalPath))
        #expect(try await storage().records().isEmpty)
        try await storage().save([record(1, "one")])
        #expect(try await storage().records().map(\.id) == [Data("1".utf8)])
    }

    @Test func hostileBytesNeverCrash() async throws {
        var generator = SplitMix64(seed: 41)
        for trial in 0..<50 {
            let count = Int(generator.next() % 2_000)
            var bytes = RecordJournalFormat.header + (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if trial.isMultiple(of: 2) { bytes += RecordJournalFormat.encode(record(trial, "kept")) }
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: journalPath))
            let records = try await storage().records()
            if trial.isMultiple(of: 2) { #expect(records.contains { $0.id == Data("\(trial)".utf8) }, "trial \(trial)") }
        }
    }

    @Test func aRewriteByOneStorageLosesNoSaveOfAnother() async throws {
        let first = storage(), second = storage()
        try await first.save((0..<100).map { record($0, "user \($0)") })
        #expect(try await second.records().count == 100)   // second has the journal open
        for round in 1...4_000 {   // first rewrites the journal several times
            try await first.save([record(round % 50, "round \(round)", learnt: Double(round + 1))])
        }
        try await second.save([record(99, "from the second", learnt: 10_000)])
        try await first.save([record(98, "from the first", learnt: 10_000)])
        let records = Dictionary(uniqueKeysWithValues: try await storage().records().map { ($0.id, $0.value) })
        #expect(records.count == 100)
        #expect(records[Data("99".utf8)] == record(99, "from the second").value)
        #expect(records[Data("98".utf8)] == record(98, "from the first").value)
    }

    @Test func aReadOnlyFolderStillReads() async throws {
        try await storage().save([record(1, "one")])
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: journalPath)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: journalPath) }
        guard getuid() != 0 else { return }   // root writes anyway
        let storage = storage()
        #expect(try await storage.records().count == 1)
        await #expect(throws: CacheStoreError.self) { try await storage.save([record(2, "two")]) }
    }

    @Test func aBadNameFailsEveryCall() async throws {
        let storage = FileRecordStorage(directory: folder.url, name: "../escape")
        await #expect(throws: CacheStoreError.self) { try await storage.save([record(1, "one")]) }
        await #expect(throws: CacheStoreError.self) { try await storage.records() }
    }

    /// Review of issue 38: three MiB of zeros used up the parser's budget (each byte was
    /// checksummed as a frame of an unknown kind), and the whole records after them were lost.
    @Test func aLongRunOfZerosLosesNoRecordAfterIt() async throws {
        let bytes = RecordJournalFormat.header + [UInt8](repeating: 0, count: 3 << 20) + RecordJournalFormat.encode(record(1, "after the zeros"))
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: journalPath))
        #expect(try await storage().records().map(\.id) == [Data("1".utf8)])
    }

    /// Review of issue 38: a journal a newer version wrote read as foreign, and a read wiped it.
    @Test func aJournalOfANewerVersionIsNeitherReadNorWiped() async throws {
        var bytes = RecordJournalFormat.header + RecordJournalFormat.encode(record(1, "one"))
        bytes[RecordJournalFormat.headerSize - 1] += 1   // the format after this one
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: journalPath))
        let storage = storage()
        #expect(try await storage.records().isEmpty)
        await #expect(throws: CacheStoreError.self) { try await storage.save([record(2, "two")]) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: journalPath)) == Data(bytes), "left as it was")
    }

    /// Issue 52: a journal written before records carried a version (format 1) reads as it
    /// was, every record version 1; the first record saved in another version rewrites it in
    /// format 2 first, so that an app that knows only format 1 leaves it alone rather than take
    /// the new frame for damage.
    @Test func aFormatOneJournalReadsAndBecomesFormatTwoWithTheFirstOtherVersion() async throws {
        let bytes = RecordJournalFormat.formatOneHeader + RecordJournalFormat.encode(record(1, "one")) + RecordJournalFormat.encode(record(2, "two"))
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: journalPath))
        let storage = storage()
        #expect(try await storage.records().map(\.version) == [1, 1])
        try await storage.save([record(3, "three", learnt: 2)])   // version 1: appended as it is
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: journalPath)).prefix(8)) == RecordJournalFormat.formatOneHeader)

        var migrated = record(1, "one, version 2", learnt: 2)
        migrated.version = 2
        try await storage.save([migrated])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: journalPath)).prefix(8)) == RecordJournalFormat.header)
        let read = try await FileRecordStorage(directory: folder.url, name: "users").records().sorted { $0.id.lexicographicallyPrecedes($1.id) }
        #expect(read == [migrated, record(2, "two"), record(3, "three", learnt: 2)])
    }

    @Test func aRecordTooLargeForAFrameIsLeftOutAndTheOthersSaved() async throws {
        let huge = SavedRecord(id: Data("9".utf8), value: Data(repeating: 0x41, count: JournalFraming.maximumPayload), learnt: Date())
        try await storage().save([huge, record(1, "small")])
        #expect(try await storage().records().map(\.id) == [Data("1".utf8)])
    }
}

