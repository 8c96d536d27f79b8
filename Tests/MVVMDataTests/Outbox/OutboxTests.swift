import MVVMTestSupport
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization
import Testing

/// Writes made offline are kept, sent in order when the server is back, retried with back-off on
/// the test clock, rolled back once when refused, and survive a restart.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct OutboxTests {
    enum Write: Codable, Hashable, Sendable {
        case setActive(Bool, userID: Int)
        case delete(userID: Int)
    }

    let clock = TestClock()
    let server = WriteServer()

    func outbox(_ storage: any OutboxStorage = InMemoryOutboxStorage()) -> Outbox<Write> {
        Outbox(storage: storage, clock: clock, backOff: RetryPolicy(initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(4)))
    }

    /// Runs `body` while `outbox` delivers to the server, on the test clock's executor.
    func delivering(_ outbox: Outbox<Write>, _ body: (OutcomeLog) async throws -> Void) async throws {
        let server = server
        try await MVVMDataTests.delivering(outbox, on: clock, isRetryable: { $0 is WriteServer.Offline }, send: { try await server.receive($0) }, body)
    }

    @Test func writesQueuedOfflineAreSentInOrderOnceTheServerIsBack() async throws {
        server.isOnline = false
        let outbox = outbox()
        let first = try await outbox.enqueue(.setActive(false, userID: 1))
        let second = try await outbox.enqueue(.delete(userID: 2))
        let third = try await outbox.enqueue(.setActive(true, userID: 1))
        try await delivering(outbox) { log in
            await clock.advance()
            #expect(clock.sleeperCount == 1, "the first try failed; backing off")
            #expect(server.attempts == 1)
            #expect(server.applied.isEmpty)
            let pending = try await outbox.pending
            #expect(pending.map(\.id) == [first.id, second.id, third.id])

            server.isOnline = true
            await clock.advance(by: .seconds(1))
            #expect(log.lines == [
                "delivered setActive(false, userID: 1)", "delivered delete(userID: 2)", "delivered setActive(true, userID: 1)",
            ])
        }
        #expect(server.applied == [.setActive(false, userID: 1), .delete(userID: 2), .setActive(true, userID: 1)])
        #expect(server.keys == [first.idempotencyKey, second.idempotencyKey, third.idempotencyKey])
        #expect(try await outbox.pending.isEmpty)
    }

    @Test func aDeliveredWriteIsGoneFromTheStorageAndNotSentAgainAfterARestart() async throws {
        let storage = InMemoryOutboxStorage()
        let first = outbox(storage)
        _ = try await first.enqueue(.setActive(false, userID: 1))
        try await delivering(first) { log in
            await clock.advance()
            #expect(log.lines == ["delivered setActive(false, userID: 1)"])
        }

        // The app starts again on the same storage (found by a mutation: without the mark, the
        // write stayed on disk and a restart sent it twice).
        #expect(await storage.first() == nil)
        #expect(try await outbox(storage).pending.isEmpty)
        #expect(server.applied == [.setActive(false, userID: 1)])
    }

    @Test func aStorageThatKeepsAnAnsweredWriteNeverMakesTheOutboxSendItAgain() async throws {
        // Its marks do not take (a storage fault): the head stays the write just answered.
        let outbox = outbox(ForgetfulStorage())
        try await outbox.enqueue(.delete(userID: 1))
        try await delivering(outbox) { log in
            await clock.advance()
            #expect(log.lines == [
                "delivered delete(userID: 1)",
                "problem: a delivered write could not be marked done: storage failed: the storage still lists a write the server answered",
            ])
            await clock.advance(by: .seconds(60))
            #expect(log.lines.count == 2, "said once")
        }
        #expect(server.attempts == 1, "sent once, not in a loop")
    }

    @Test func everyTryOfAWriteCarriesTheSameIdempotencyKey() async throws {
        server.isOnline = false
        let outbox = outbox()
        let entry = try await outbox.enqueue(.delete(userID: 4))
        try await delivering(outbox) { log in
            await clock.advance()
            #expect(clock.sleeperCount == 1)
            server.isOnline = true
            await clock.advance(by: .seconds(1))
            #expect(log.lines == ["delivered delete(userID: 4)"])
        }
        #expect(server.triedKeys == [entry.idempotencyKey, entry.idempotencyKey])
        #expect(entry.idempotencyKey == entry.id.uuidString.lowercased())
    }

    @Test func aFailingWriteIsTriedAgainAfterGrowingBackOffsOnTheClock() async throws {
        server.isOnline = false
        let outbox = outbox()
        let entry = try await outbox.enqueue(.delete(userID: 7))
        try await delivering(outbox) { _ in
            // Tries at 0 s, then 1 s, 2 s and 4 s after each failure, and 4 s (the maximum) after that.
            await clock.advance()
            #expect(server.attempts == 1)
            var expectedAttempts = 1
            for delay in [1, 2, 4, 4] {
                await clock.advance(by: .seconds(delay) - .milliseconds(1))
                #expect(server.attempts == expectedAttempts, "no try before the \(delay) s back-off ends")
                await clock.advance(by: .milliseconds(1))
                expectedAttempts += 1
                #expect(server.attempts == expectedAttempts, "a try once the \(delay) s back-off ends")
                #expect(clock.sleeperCount == 1, "backing off again")
            }
        }
        #expect(try await outbox.pending.map(\.id) == [entry.id])
    }

    @Test func nudgingTriesAtOnceWithoutWaitingOutTheBackOff() async throws {
        server.isOnline = false
        let outbox = outbox()
        try await outbox.enqueue(.delete(userID: 7))
        try await delivering(outbox) { log in
            await clock.advance()
            #expect(clock.sleeperCount == 1)
            server.isOnline = true
            outbox.nudge()
            await clock.advance()
            #expect(log.lines == ["delivered delete(userID: 7)"])
            #expect(clock.now == TestClock.Instant(), "without moving the clock")
        }
    }

    @Test func aRefusedWriteIsReportedOnceAndTheNextOnesStillGo() async throws {
        server.refusedUserIDs = [2]
        let outbox = outbox()
        try await outbox.enqueue(.setActive(false, userID: 1))
        try await outbox.enqueue(.delete(userID: 2))
        try await outbox.enqueue(.setActive(true, userID: 3))
        try await delivering(outbox) { log in
            await clock.advance()
            #expect(log.lines == [
                "delivered setActive(false, userID: 1)", "rejected delete(userID: 2): user 2 refused", "delivered setActive(true, userID: 3)",
            ])
        }
        #expect(server.applied == [.setActive(false, userID: 1), .setActive(true, userID: 3)])
        #expect(server.attempts == 3)
        #expect(try await outbox.pending.isEmpty)
    }

    @Test func writesSurviveARestartAndAreSentExactlyOnce() async throws {
        let folder = try TemporaryFolder()
        let first = outbox(FileOutboxStorage(directory: folder.url))
        let one = try await first.enqueue(.setActive(false, userID: 1))
        let two = try await first.enqueue(.delete(userID: 2))
        // The app quits before anything is sent.

        let second = outbox(FileOutboxStorage(directory: folder.url))
        #expect(try await second.pending.map(\.write) == [.setActive(false, userID: 1), .delete(userID: 2)])
        #expect(try await second.pending.map(\.id) == [one.id, two.id])
        try await second.enqueue(.delete(userID: 3))
        try await delivering(second) { log in
            await clock.advance()
            #expect(log.lines.count == 3)
        }

        let third = outbox(FileOutboxStorage(directory: folder.url))
        #expect(try await third.pending.isEmpty)
        #expect(server.applied == [.setActive(false, userID: 1), .delete(userID: 2), .delete(userID: 3)])
    }

    @Test func stoppingDeliveryKeepsEveryWriteNotYetSent() async throws {
        server.isOnline = false
        let outbox = outbox()
        let entry = try await outbox.enqueue(.delete(userID: 1))
        try await delivering(outbox) { _ in
            await clock.advance()
            #expect(clock.sleeperCount == 1)
        }
        #expect(try await outbox.pending.map(\.id) == [entry.id])
    }

    @Test func aWriteThatCannotBeSavedIsRefusedAtOnce() async throws {
        let storage = InMemoryOutboxStorage()
        await storage.simulateFailures(append: .io("disk full"), markDone: nil)
        let outbox = outbox(storage)
        await #expect(throws: CacheStoreError.io("disk full")) { try await outbox.enqueue(.delete(userID: 1)) }
        #expect(try await outbox.pending.isEmpty)
    }

    @Test func watchersSeeThePendingWritesChange() async throws {
        let outbox = outbox()
        try await clock.perform {
            try await outbox.enqueue(.delete(userID: 1))
            let seen = LockedBox<[[Write]]>([])
            let changes = try await outbox.pendingChanges()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { for await pending in changes { seen.update { $0.append(pending.map(\.write)) } } }
                defer { group.cancelAll() }
                await clock.advance()
                #expect(seen.value == [[.delete(userID: 1)]])
                try await outbox.enqueue(.delete(userID: 2))
                await clock.advance()
                #expect(seen.value.last == [.delete(userID: 1), .delete(userID: 2)])
                try await delivering(outbox) { log in
                    await clock.advance()
                    #expect(log.lines.count == 2)
                }
                #expect(seen.value.last == [], "the watcher sees the queue empty once both are delivered")
            }
        }
    }
}

extension OutboxTests {
    @Test func writesQueuedAtTheSameTimeAreAllKept() async throws {
        let folder = try TemporaryFolder()
        let outbox = outbox(FileOutboxStorage(directory: folder.url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for userID in 0..<20 {
                group.addTask { try await outbox.enqueue(.delete(userID: userID)) }
            }
            try await group.waitForAll()
        }
        let pending = try await outbox.pending
        #expect(Set(pending.map(\.id)).count == 20)
        #expect(Set(pending.map(\.write)) == Set((0..<20).map { Write.delete(userID: $0) }))
        // What the folder holds is the same queue: a restart finds all twenty, in the same order.
        #expect(try await self.outbox(FileOutboxStorage(directory: folder.url)).pending.map(\.id) == pending.map(\.id))
    }

    @Test func writesQueuedWhileOthersAreDeliveredAreEachSentOnce() async throws {
        let folder = try TemporaryFolder()
        let outbox = outbox(FileOutboxStorage(directory: folder.url))
        try await delivering(outbox) { log in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for userID in 0..<20 {
                    group.addTask { try await outbox.enqueue(.delete(userID: userID)) }
                }
                try await group.waitForAll()
            }
            await clock.advance()
            #expect(log.lines.count == 20, "\(log.lines)")
        }
        #expect(server.applied.count == 20)
        #expect(Set(server.applied) == Set((0..<20).map { Write.delete(userID: $0) }))
        #expect(try await self.outbox(FileOutboxStorage(directory: folder.url)).pending.isEmpty)
    }

    /// A file storage's delivery runs on the storage's own thread (under a test, the test's I/O
    /// thread), where reading the head and marking it done are switches on that thread. From the
    /// Swift pool (here the test's executor) each call was handed to that thread and back, four
    /// thread wake-ups per write: `outbox/replay/10000/file` fell to 8,000 writes/s, against
    /// 23,000 with 100 queued.
    @Test func aFileStoragesDeliveryRunsWhereTheStoragesCodeRuns() async throws {
        let folder = try TemporaryFolder()
        let outbox = outbox(FileOutboxStorage(directory: folder.url))
        for userID in 0..<3 { try await outbox.enqueue(.delete(userID: userID)) }
        // Where a file store's code runs under this test: the test's I/O executor.
        let storesExecutor = await clock.perform { await IOProbe().executorPreferred() }
        let sendsExecutors = LockedValue<[UnownedTaskExecutor?]>([])
        try await MVVMDataTests.delivering(outbox, on: clock, send: { _ in
            sendsExecutors.withValue { $0.append(withUnsafeCurrentTask { $0?.unownedTaskExecutor }) }
        }) { log in
            await clock.advance()
            #expect(log.lines.count == 3)
        }
        #expect(storesExecutor != nil)
        #expect(sendsExecutors.value == Array(repeating: storesExecutor, count: 3))
        #expect(try await outbox.pending.isEmpty)
    }
}

/// An actor whose code runs where a file store's does (`BlockingIOExecutor`), telling which
/// executor its calls prefer there.
private actor IOProbe {
    private nonisolated let io = BlockingIOExecutor(label: "test.io-probe")

    nonisolated func executorPreferred() async -> UnownedTaskExecutor? {
        await io.call(self) { _ in withUnsafeCurrentTask { $0?.unownedTaskExecutor } }
    }
}

/// A server for writes: offline, or applying them, refusing some.
final class WriteServer: Sendable {
    struct Offline: Error {}
    struct Refused: Error, CustomStringConvertible {
        var userID: Int
        var description: String { "user \(userID) refused" }
    }

    private struct State {
        var isOnline = true
        var refusedUserIDs: Set<Int> = []
        var applied: [OutboxTests.Write] = []
        var keys: [String] = []
        var triedKeys: [String] = []
        var attempts = 0
    }

    private let state = Mutex(State())

    var isOnline: Bool {
        get { state.withLock { $0.isOnline } }
        set { state.withLock { $0.isOnline = newValue } }
    }

    var refusedUserIDs: Set<Int> {
        get { state.withLock { $0.refusedUserIDs } }
        set { state.withLock { $0.refusedUserIDs = newValue } }
    }

    var applied: [OutboxTests.Write] { state.withLock { $0.applied } }
    /// The idempotency keys of the writes applied, in order.
    var keys: [String] { state.withLock { $0.keys } }
    /// The idempotency keys of every try.
    var triedKeys: [String] { state.withLock { $0.triedKeys } }
    var attempts: Int { state.withLock { $0.attempts } }

    func receive(_ entry: Outbox<OutboxTests.Write>.Entry) async throws {
        let write = entry.write
        try state.withLock { state in
            state.attempts += 1
            state.triedKeys.append(entry.idempotencyKey)
            guard state.isOnline else { throw Offline() }
            let userID: Int
            switch write {
            case .setActive(_, let id), .delete(let id): userID = id
            }
            if state.refusedUserIDs.contains(userID) { throw Refused(userID: userID) }
            state.applied.append(write)
            state.keys.append(entry.idempotencyKey)
        }
    }
}


/// An outbox storage whose marks do not take: a storage fault.
actor ForgetfulStorage: OutboxStorage {
    private let base = InMemoryOutboxStorage()
    func append(_ record: OutboxRecord) async throws(CacheStoreError) { try await base.append(record) }
    func first() async throws(CacheStoreError) -> OutboxRecord? { await base.first() }
    func all() async throws(CacheStoreError) -> [OutboxRecord] { await base.all() }
    func takeProblems() async -> [OutboxProblem] { await base.takeProblems() }
    func markDone(_ id: UUID) async throws(CacheStoreError) {}
}
