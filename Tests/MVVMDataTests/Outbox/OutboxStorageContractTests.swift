import MVVMTestSupport
import Foundation
import MVVMData
import MVVMTesting
import Testing

/// What every ``OutboxStorage`` promises (its documentation), checked for the two that ship.
@Suite(.timeLimit(.minutes(2)))
struct OutboxStorageContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case file, memory
        var testDescription: String { rawValue }
    }

    /// A storage of `kind`, and how to open it again as a restarted process would (the same
    /// instance for memory, which does not outlive the process).
    func make(_ kind: Kind, in folder: TemporaryFolder) -> (storage: any OutboxStorage, reopen: () -> any OutboxStorage) {
        switch kind {
        case .file:
            return (FileOutboxStorage(directory: folder.url), { FileOutboxStorage(directory: folder.url) })
        case .memory:
            let storage = InMemoryOutboxStorage()
            return (storage, { storage })
        }
    }

    func record(_ n: Int) -> OutboxRecord {
        OutboxRecord(id: UUID(), enqueuedAt: Date(timeIntervalSinceReferenceDate: Double(n)), schemaVersion: 1, payload: Data("{\"n\":\(n)}".utf8))
    }

    @Test(arguments: Kind.allCases)
    func appendedRecordsReadBackWholeInOrder(kind: Kind) async throws {
        let folder = try TemporaryFolder()
        let (storage, reopen) = make(kind, in: folder)
        let records = (1...5).map(record)
        for record in records { try await storage.append(record) }
        #expect(try await storage.all() == records)
        #expect(try await storage.first() == records[0])
        #expect(try await reopen().all() == records)
    }

    @Test(arguments: Kind.allCases)
    func aRecordMarkedDoneIsNeverReturnedAgain(kind: Kind) async throws {
        let folder = try TemporaryFolder()
        let (storage, reopen) = make(kind, in: folder)
        let records = (1...3).map(record)
        for record in records { try await storage.append(record) }
        try await storage.markDone(records[0].id)
        try await storage.markDone(records[2].id)
        try await storage.markDone(UUID())   // unknown: ignored
        #expect(try await storage.first() == records[1])
        #expect(try await storage.all() == [records[1]])
        #expect(try await reopen().all() == [records[1]])
        try await storage.markDone(records[1].id)
        #expect(try await storage.first() == nil)
        #expect(try await reopen().all().isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func anEmptyStorageHasNothingAndNoProblems(kind: Kind) async throws {
        let folder = try TemporaryFolder()
        let (storage, _) = make(kind, in: folder)
        #expect(try await storage.first() == nil)
        #expect(try await storage.all().isEmpty)
        #expect(await storage.takeProblems().isEmpty)
    }

    @Test func problemsAreReportedOnce() async throws {
        let folder = try TemporaryFolder()
        try Data([1, 2, 3]).write(to: folder.url.appendingPathComponent("outbox.journal"))
        let storage = FileOutboxStorage(directory: folder.url)
        #expect(try await storage.all().isEmpty)
        let problems = await storage.takeProblems()
        #expect(problems.count == 1)
        guard case .damaged(let byteCount, let keptAt)? = problems.first else { Issue.record("no damage reported"); return }
        #expect(byteCount == 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(keptAt))) == Data([1, 2, 3]))
        #expect(await storage.takeProblems().isEmpty)
        #expect(try await FileOutboxStorage(directory: folder.url).all().isEmpty)
    }

    @Test func aFolderThatDoesNotExistReadsAsEmptyAndIsNotCreatedByReading() async throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("not-yet")
        let storage = FileOutboxStorage(directory: missing)
        #expect(try await storage.all().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        try await storage.append(record(1))
        #expect(FileManager.default.fileExists(atPath: missing.appendingPathComponent("outbox.journal").path))
    }
}
