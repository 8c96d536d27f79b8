import MVVMTestSupport
import Foundation
@testable import MVVMData
import MVVMTesting
import Testing

/// The outbox journal on disk: shared by two apps without losing a write, never silent about a
/// cut or damaged file, never crashed by a hostile one, and cheap to drain.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct FileOutboxStorageTests {
    typealias Write = OutboxTests.Write

    let clock = TestClock()
    /// The journal's header: `MVVMOBX` and format version 1.
    let headerSize = 8

    func outbox(_ folder: TemporaryFolder, schemaVersion: Int = 1, migrate: (@Sendable (OutboxRecord) throws -> Write)? = nil) -> Outbox<Write> {
        Outbox(storage: FileOutboxStorage(directory: folder.url), clock: clock, schemaVersion: schemaVersion, migrate: migrate)
    }

    func journal(_ folder: TemporaryFolder) -> URL { folder.url.appendingPathComponent("outbox.journal") }

    func damagedCopies(_ folder: TemporaryFolder) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("outbox.damaged-") }
    }

    /// Runs a deliverer, on the test clock, until it has sent what it can, and returns its
    /// outcomes described.
    func deliver(_ outbox: Outbox<Write>) async throws -> [String] {
        var lines: [String] = []
        try await delivering(outbox, on: clock, send: { _ in }) { log in
            await clock.advance()
            lines = log.lines
        }
        return lines
    }

    @Test func twoAppsOnOneFolderKeepEachOthersWrites() async throws {
        let folder = try TemporaryFolder()
        let first = outbox(folder)
        let second = outbox(folder)
        // Each has read the queue (empty) before the other writes: the old outbox then saved its
        // own copy over the other's.
        #expect(try await first.pending.isEmpty)
        #expect(try await second.pending.isEmpty)
        try await first.enqueue(.delete(userID: 1))
        try await second.enqueue(.delete(userID: 2))
        try await first.enqueue(.delete(userID: 3))
        let expected: [Write] = [.delete(userID: 1), .delete(userID: 2), .delete(userID: 3)]
        #expect(try await first.pending.map(\.write) == expected)
        #expect(try await second.pending.map(\.write) == expected)
        #expect(try await outbox(folder).pending.map(\.write) == expected)
    }

    @Test func aWriteDeliveredByOneAppIsNotSentAgainByTheOther() async throws {
        let folder = try TemporaryFolder()
        let first = outbox(folder)
        let second = outbox(folder)
        try await first.enqueue(.delete(userID: 1))
        #expect(try await deliver(first) == ["delivered delete(userID: 1)"])
        #expect(try await second.pending.isEmpty)
    }

    @Test func aCutJournalKeepsTheWholeWritesAndReportsTheRestWithACopyKeptAside() async throws {
        let folder = try TemporaryFolder()
        let writer = outbox(folder)
        for userID in 1...3 { try await writer.enqueue(.delete(userID: userID)) }
        let original = try Data(contentsOf: journal(folder))
        try original.prefix(original.count - 5).write(to: journal(folder))   // the third write is cut

        let reader = outbox(folder)
        #expect(try await reader.pending.map(\.write) == [.delete(userID: 1), .delete(userID: 2)])
        let copies = try damagedCopies(folder)
        #expect(copies.count == 1)
        #expect(try Data(contentsOf: try #require(copies.first)) == original.prefix(original.count - 5))
        let outcomes = try await deliver(reader)
        let frame = (original.count - headerSize) / 3
        #expect(outcomes.first?.hasPrefix("problem: \(frame - 5) bytes of the saved outbox could not be read; the file was kept at") == true)
        #expect(Array(outcomes.dropFirst()) == ["delivered delete(userID: 1)", "delivered delete(userID: 2)"])
    }

    @Test func aDamagedWriteInTheMiddleLosesOnlyItself() async throws {
        let folder = try TemporaryFolder()
        let writer = outbox(folder)
        for userID in 1...3 { try await writer.enqueue(.delete(userID: userID)) }
        var bytes = try Data(contentsOf: journal(folder))
        let frame = (bytes.count - headerSize) / 3
        bytes[headerSize + frame + frame / 2] ^= 0xFF
        try bytes.write(to: journal(folder))

        let reader = outbox(folder)
        #expect(try await reader.pending.map(\.write) == [.delete(userID: 1), .delete(userID: 3)])
        #expect(try damagedCopies(folder).count == 1)
        // Repaired: the next reader finds the two writes and no new damage.
        #expect(try await outbox(folder).pending.map(\.write) == [.delete(userID: 1), .delete(userID: 3)])
        #expect(try damagedCopies(folder).count == 1)
    }

    @Test(arguments: [
        Data(),
        Data("MVVMOBX".utf8),
        Data(#"{"nextID": 9223372036854775807, "entries": []}"#.utf8),
        Data([UInt8](repeating: 0xFF, count: 4096)),
        Data(Array("MVVMOBX".utf8) + [1] + [UInt8](repeating: 0, count: 8) + [1, 0xFF, 0xFF, 0xFF, 0x7F]),
    ])
    func aHostileJournalNeverCrashesAndNewWritesStillWork(contents: Data) async throws {
        let folder = try TemporaryFolder()
        try contents.write(to: journal(folder))
        let outbox = outbox(folder)
        #expect(try await outbox.pending.isEmpty)
        try await outbox.enqueue(.delete(userID: 1))
        #expect(try await self.outbox(folder).pending.map(\.write) == [.delete(userID: 1)])
        #expect(try damagedCopies(folder).count == (contents.isEmpty ? 0 : 1))
    }

    @Test func aWriteSavedByAnOlderSchemaIsMigratedOrReportedNeverDropped() async throws {
        let folder = try TemporaryFolder()
        let storage = FileOutboxStorage(directory: folder.url)
        // Version 0 wrote `{"remove": 5}`.
        let old = OutboxRecord(id: UUID(), enqueuedAt: Date(timeIntervalSince1970: 0), schemaVersion: 0, payload: Data(#"{"remove":5}"#.utf8))
        try await storage.append(old)

        let withoutMigration = outbox(folder)
        #expect(try await withoutMigration.pending.isEmpty)
        #expect(try await deliver(withoutMigration) == ["unreadable (version 0): saved with schema version 0; this version reads 1 and has no migration"])
        #expect(try await outbox(folder).pending.isEmpty, "reported once, then out of the queue")

        try await storage.append(OutboxRecord(id: UUID(), enqueuedAt: Date(), schemaVersion: 0, payload: Data(#"{"remove":6}"#.utf8)))
        struct Old: Decodable { var remove: Int }
        let migrating = outbox(folder, schemaVersion: 1) { record in
            .delete(userID: try JSONDecoder().decode(Old.self, from: record.payload).remove)
        }
        #expect(try await migrating.pending.map(\.write) == [.delete(userID: 6)])
        #expect(try await deliver(migrating) == ["delivered delete(userID: 6)"])
    }

    @Test func anAnswerThatCannotBeRecordedIsReportedAndNotSentAgainByThisApp() async throws {
        let storage = InMemoryOutboxStorage()
        let outbox = Outbox<Write>(storage: storage, clock: clock)
        try await outbox.enqueue(.delete(userID: 1))
        try await outbox.enqueue(.delete(userID: 2))
        await storage.simulateFailures(append: nil, markDone: .io("Read-only file system"))
        let outcomes = try await deliver(outbox)
        #expect(outcomes == [
            "problem: a delivered write could not be marked done: storage failed: Read-only file system", "delivered delete(userID: 1)",
            "problem: a delivered write could not be marked done: storage failed: Read-only file system", "delivered delete(userID: 2)",
        ])
        #expect(try await outbox.pending.isEmpty)
    }

    @Test func drainingALongQueueKeepsTheJournalSmall() async throws {
        let folder = try TemporaryFolder()
        // 3,000 writes queued, as an app killed before sending them left the journal: written in
        // one go (3,000 enqueues would flush 3,000 times, for minutes under ThreadSanitizer).
        var journalBytes = OutboxJournalFormat.header
        for userID in 0..<3_000 {
            let payload = try JSONEncoder().encode(Write.setActive(userID % 2 == 0, userID: userID))
            let record = OutboxRecord(id: UUID(), enqueuedAt: Date(), schemaVersion: 1, payload: payload)
            journalBytes += OutboxJournalFormat.encode(.write(record))
        }
        try Data(journalBytes).write(to: journal(folder))
        let outbox = outbox(folder)
        #expect(try await outbox.pending.count == 3_000)
        let full = try #require(try FileManager.default.attributesOfItem(atPath: journal(folder).path)[.size] as? NSNumber).intValue
        #expect(try await deliver(outbox).count == 3_000)
        let drained = try #require(try FileManager.default.attributesOfItem(atPath: journal(folder).path)[.size] as? NSNumber).intValue
        #expect(full > 200_000)
        #expect(drained < 70_000, "rewritten with the live writes once they are under a quarter of it")
        #expect(try await self.outbox(folder).pending.isEmpty)
    }

    @Test func aRewriteKilledMidwayLeavesNoTemporaryFileBehind() async throws {
        let folder = try TemporaryFolder()
        let leftover = folder.url.appendingPathComponent(".outbox.journal.tmp-1234")
        try Data("half a rewrite".utf8).write(to: leftover)
        try await outbox(folder).enqueue(.delete(userID: 1))   // the first write creates the journal
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(try await outbox(folder).pending.map(\.write) == [.delete(userID: 1)])
    }

    @Test func aNameThatIsNotOneFileNameIsRefusedWithAClearError() async throws {
        let folder = try TemporaryFolder()
        let outbox = Outbox<Write>(storage: FileOutboxStorage(directory: folder.url, name: "../escape"), clock: clock)
        await #expect(throws: CacheStoreError.io(#""../escape" is not a valid outbox name (letters, digits, -, _ and .)"#)) {
            try await outbox.enqueue(.delete(userID: 1))
        }
    }
}
