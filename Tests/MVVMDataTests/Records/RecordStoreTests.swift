import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization
import Testing

/// One source of truth: pages merge in, a write is pending at once and shows once it is on disk
/// (never before: a kill must not lose a change the user saw), the server's answer commits it or
/// rolls it back with one failure, an older page never undoes a newer write, and a restart shows
/// the same records and pending writes. The store's work and its delivery run on
/// the test clock's executor (`clock.perform`): `clock.advance()` runs them as far as they go, so a
/// change that never comes fails at once.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct RecordStoreTests {
    struct Note: Identifiable, Codable, Equatable, Sendable {
        let id: Int
        var text: String
    }

    enum NoteWrite: RecordWrite, Equatable {
        case edit(Int, text: String)
        case delete(Int)

        var recordID: Int {
            switch self {
            case .edit(let id, _), .delete(let id): id
            }
        }

        func applied(to note: Note?) -> Note? {
            switch self {
            case .edit(_, let text): note.map { Note(id: $0.id, text: text) }
            case .delete: nil
            }
        }
    }

    struct Refused: Error, Equatable {}
    struct Offline: Error {}

    /// Answers each write: the edited note as it saves it (its text upper-cased), `nil` for a
    /// delete; refuses the ids in `refused`; fails while offline.
    final class Server: Sendable {
        private let state = Mutex((online: true, refused: Set<Int>(), received: [NoteWrite](), keys: [String]()))

        var isOnline: Bool {
            get { state.withLock { $0.online } }
            set { state.withLock { $0.online = newValue } }
        }
        var refused: Set<Int> {
            get { state.withLock { $0.refused } }
            set { state.withLock { $0.refused = newValue } }
        }
        var received: [NoteWrite] { state.withLock { $0.received } }
        var keys: [String] { state.withLock { $0.keys } }

        func send(_ write: NoteWrite, key: String) throws -> Note? {
            try state.withLock { state in
                guard state.online else { throw Offline() }
                guard !state.refused.contains(write.recordID) else { throw Refused() }
                state.received.append(write)
                state.keys.append(key)
                if case .edit(let id, let text) = write { return Note(id: id, text: text.uppercased()) }
                return nil
            }
        }
    }

    let server = Server()
    let storage = InMemoryOutboxStorage()
    let cache = InMemoryRecordStorage()
    let clock = TestClock()

    func makeStore() -> RecordStore<NoteWrite> {
        let outbox = Outbox<NoteWrite>(storage: storage, clock: clock)
        return RecordStore(outbox: outbox, storage: cache)
    }

    /// Runs `body` while `store` delivers its writes through `send` (the server by default).
    /// Call it inside `clock.perform`, so that `clock.advance()` runs the store's work and the
    /// delivery as far as they go.
    func delivering(
        _ store: RecordStore<NoteWrite>,
        isRetryable: @escaping @Sendable (any Error) -> Bool = { $0 is Offline },
        send: (@Sendable (NoteWrite, String) async throws -> Note?)? = nil,
        _ body: () async throws -> Void
    ) async throws {
        let server = server
        let send = send ?? { write, key in try server.send(write, key: key) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.deliver(isRetryable: isRetryable, send: send) }
            defer { group.cancelAll() }
            try await body()
        }
    }

    @Test func aWriteIsPendingAtOnceShowsOnceOnDiskAndTheServersAnswerCommitsIt() async throws {
        try await clock.perform {
            let store = makeStore()
            var reasons: [RecordChange<Int>.Reason] = []
            let token = store.observe { reasons.append($0.reason) }
            store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())

            store.write(.edit(1, text: "final"))
            #expect(store.value(for: 1) == Note(id: 1, text: "draft"), "not shown before it is on disk")
            #expect(store.isPending(1))
            #expect(store.pendingIDs == [1])
            #expect(reasons == [.merged, .written], "marked pending at once")

            await store.waitUntilSaved()
            #expect(store.value(for: 1) == Note(id: 1, text: "final"), "on disk: shown, pending")
            #expect(store.isPending(1))
            #expect(reasons == [.merged, .written, .written])

            let committed = NextChange(.committed, in: store)
            try await delivering(store) {
                await clock.advance()
                #expect(committed.change?.ids == [1])
                #expect(!store.isPending(1))
                #expect(store.value(for: 1) == Note(id: 1, text: "FINAL"), "the server's answer, not the guess")
                #expect(store.confirmedValue(for: 1) == Note(id: 1, text: "FINAL"))
                #expect(reasons == [.merged, .written, .written, .committed])
                #expect(server.received == [.edit(1, text: "final")])
            }
            withExtendedLifetime(token) {}
        }
    }

    /// Issue 38: the store saved every record it held on every change (at 100,000 records, a
    /// toggle rewrote them all). A page saves its records; a write's answer saves that record.
    @Test func aWritesAnswerSavesThatRecordAlone() async throws {
        try await clock.perform {
            let store = makeStore()
            await store.restore()
            store.merge((1...1_000).map { Note(id: $0, text: "note \($0)") }, readAt: store.beginRead())
            await store.waitUntilSaved()
            #expect(await cache.recordsWritten == 1_000)

            store.write(.edit(7, text: "changed"))
            try await delivering(store) {
                await clock.advance()
                await store.waitUntilSaved()
                #expect(await cache.recordsWritten == 1_001)
                let saved = await cache.records([Data("7".utf8)]).first?.value
                #expect(saved.flatMap { try? JSONDecoder().decode(Note.self, from: $0) } == Note(id: 7, text: "CHANGED"))
            }
            // A page read again with the same values saves nothing.
            store.merge((1...50).map { Note(id: $0, text: $0 == 7 ? "CHANGED" : "note \($0)") }, readAt: store.beginRead())
            await store.waitUntilSaved()
            #expect(await cache.recordsWritten == 1_001)
        }
    }

    /// Review of issue 38: a save that failed was forgotten (its records never saved until they
    /// changed again), and the outbox let the write go although its answer was not on disk: after
    /// a restart the record showed its value from before the write, with no pending mark.
    @Test func aWriteWhoseAnswerCannotBeSavedStaysInTheOutboxUntilItIs() async throws {
        let failing = FailingRecordStorage()
        try await clock.perform {
            let outbox = Outbox<NoteWrite>(storage: storage, clock: clock)
            let store = RecordStore(outbox: outbox, storage: failing)
            await store.restore()
            store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
            await store.waitUntilSaved()
            await failing.setFailing(true)
            store.write(.edit(1, text: "final"))
            try await delivering(store) {
                await clock.advance()
                #expect(server.received == [.edit(1, text: "final")])
                #expect(store.value(for: 1) == Note(id: 1, text: "FINAL"), "the answer shows")
                #expect(await storage.all().count == 1, "kept: its answer is not on disk")

                await failing.setFailing(false)
                await clock.advance(by: .seconds(60))   // sent again after its back-off, same key
                #expect(server.keys.count == 2 && Set(server.keys).count == 1, "\(server.keys)")
                #expect(await storage.all().isEmpty, "let go once the answer is on disk")
                let saved = await failing.records([Data("1".utf8)]).first?.value
                #expect(saved.flatMap { try? JSONDecoder().decode(Note.self, from: $0) } == Note(id: 1, text: "FINAL"))
            }
        }
    }

    /// Issue 54, M7: a save that failed (another process held the file locked) waited for the
    /// next change; with none, the records seen meanwhile were never saved.
    @Test func aFailedSaveIsTriedAgainAfterAPauseWithoutAnotherChange() async {
        let failing = FailingRecordStorage()
        await clock.perform {
            let store = RecordStore(outbox: Outbox<NoteWrite>(storage: storage, clock: clock), storage: failing)
            await store.restore()
            await failing.setFailing(true)
            store.merge([Note(id: 1, text: "seen while locked")], readAt: store.beginRead())
            await store.waitUntilSaved()
            #expect(await failing.savedIDs.isEmpty)
            await clock.advance(by: .seconds(1))
            #expect(await failing.savedIDs.isEmpty, "still failing: not saved, tried again later")

            await failing.setFailing(false)   // the other process let go
            await clock.advance(by: .seconds(2))
            #expect(await failing.savedIDs == [Data("1".utf8)], "saved with no other change")
        }
    }

    /// A storage that never takes a save is not tried for ever: the pauses end, and the next
    /// change tries again.
    @Test func aSaveThatKeepsFailingIsTriedAFewTimesThenAtTheNextChange() async {
        let failing = FailingRecordStorage()
        await clock.perform {
            let store = RecordStore(outbox: Outbox<NoteWrite>(storage: storage, clock: clock), storage: failing)
            await store.restore()
            await failing.setFailing(true)
            store.merge([Note(id: 1, text: "one")], readAt: store.beginRead())
            await clock.advance(by: .seconds(3600))
            #expect(await failing.attempts == 7, "the save and six tries after pauses of 1, 2, 4, 8, 16 and 32 s")
            await failing.setFailing(false)
            await clock.advance(by: .seconds(3600))
            #expect(await failing.savedIDs.isEmpty, "no more tries without a change")
            store.merge([Note(id: 2, text: "two")], readAt: store.beginRead())
            await store.waitUntilSaved()
            #expect(await Set(failing.savedIDs) == [Data("1".utf8), Data("2".utf8)], "the next change saves both")
        }
    }

    /// Review of issue 38: an older read whose answer came last replaced what a read begun later
    /// had brought (a list page and a detail in flight together: the older value showed on both).
    @Test func aReadBegunEarlierNeverReplacesWhatALaterReadBrought() async {
        clock.perform {
            let store = makeStore()
            let older = store.beginRead()
            let newer = store.beginRead()
            store.merge([Note(id: 1, text: "new")], readAt: newer)
            store.merge([Note(id: 1, text: "old"), Note(id: 2, text: "only here")], readAt: older)
            #expect(store.value(for: 1) == Note(id: 1, text: "new"))
            #expect(store.value(for: 2) == Note(id: 2, text: "only here"), "what only the older read brought is taken")
            store.merge([], gone: [1], readAt: older)
            #expect(store.value(for: 1) == Note(id: 1, text: "new"), "nor its deletions")
        }
    }

    /// Issue 41 (N5): an app killed a few milliseconds after a key press lost a write the user
    /// already saw. The write is pending at once, but its value shows only once the outbox has it
    /// on disk: however long the save takes.
    @Test func aWriteIsPendingAtOnceButShowsOnlyOnceItIsOnDisk() async throws {
        let held = HeldAppendStorage(storage)
        let store = RecordStore(outbox: Outbox<NoteWrite>(storage: held, clock: clock), storage: cache)
        let row = Note(id: 1, text: "draft")
        store.merge([row], readAt: store.beginRead())
        var reasons: [RecordChange<Int>.Reason] = []
        let token = store.observe { reasons.append($0.reason) }

        store.write(.edit(1, text: "final"))
        #expect(store.isPending(1))
        #expect(store.pendingIDs == [1])
        #expect(store.value(for: 1) == row, "not on disk yet: the old value")
        #expect(store.shown(row) == row)
        #expect(reasons == [.written])

        await held.waitForAppend()   // the outbox is writing it: still not on disk
        #expect(store.value(for: 1) == row)
        #expect(store.shown(row) == row)
        #expect(store.isPending(1))
        #expect(reasons == [.written])

        await held.release()
        await store.waitUntilSaved()
        #expect(store.value(for: 1) == Note(id: 1, text: "final"), "on disk: shown on every screen")
        #expect(store.shown(row) == Note(id: 1, text: "final"))
        #expect(store.isPending(1), "until the server answers")
        #expect(store.confirmedValue(for: 1) == row)
        #expect(reasons == [.written, .written])
        #expect(try await store.outbox.pending.map(\.write) == [.edit(1, text: "final")])
        withExtendedLifetime(token) {}
    }

    @Test func aRefusedWriteRollsBackAndOnlyTheScreenOnTopIsTold() async throws {
        server.refused = [1]
        try await clock.perform {
            let store = makeStore()
            store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
            var below: [String] = []
            let belowToken = store.onWriteFailure { below.append("\($0)") }
            let onTop = NextFailure(in: store)

            store.write(.edit(1, text: "final"))
            try await delivering(store) {
                await clock.advance()
                #expect(onTop.failure?.hasPrefix("rejected(") == true, "\(String(describing: onTop.failure))")
                #expect(store.value(for: 1) == Note(id: 1, text: "draft"))
                #expect(!store.isPending(1))
                #expect(below.isEmpty)
            }
            withExtendedLifetime(belowToken) {}
        }
    }

    @Test func aFailureWithNoScreenToTellWaitsForTheNextOne() async throws {
        server.refused = [1]
        try await clock.perform {
            let store = makeStore()
            store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
            var closedScreen: ObservationToken? = store.onWriteFailure { _ in Issue.record("a closed screen is told") }
            closedScreen = nil
            let rolledBack = NextChange(.rolledBack, in: store)
            store.write(.edit(1, text: "final"))
            try await delivering(store) {
                await clock.advance()
                #expect(rolledBack.change?.ids == [1])
            }

            var told: [String] = []
            let token = store.onWriteFailure { told.append("\($0)") }
            #expect(told.count == 1)
            withExtendedLifetime((token, closedScreen)) {}
        }
    }

    @Test func aPageReadBeforeAWriteWasAnsweredNeverUndoesIt() async throws {
        try await clock.perform {
            let store = makeStore()
            store.merge([Note(id: 1, text: "draft"), Note(id: 2, text: "other")], readAt: store.beginRead())
            let pageRead = store.beginRead()   // the page is asked for…
            store.write(.edit(1, text: "final"))
            let committed = NextChange(.committed, in: store)
            try await delivering(store) {
                await clock.advance()
                #expect(committed.change?.ids == [1])
            }
            // …and arrives after the write was answered, with the old text.
            store.merge([Note(id: 1, text: "draft"), Note(id: 2, text: "other, edited")], readAt: pageRead)
            #expect(store.value(for: 1) == Note(id: 1, text: "FINAL"))
            #expect(store.value(for: 2) == Note(id: 2, text: "other, edited"), "the rest of the page counts")

            store.merge([Note(id: 1, text: "edited elsewhere")], readAt: store.beginRead())
            #expect(store.value(for: 1) == Note(id: 1, text: "edited elsewhere"), "a page read after the answer wins")
        }
    }

    @Test func aDeletedRecordLeavesEveryPageThatStillListsIt() async throws {
        try await clock.perform {
            let store = makeStore()
            let row = Note(id: 3, text: "gone soon")
            store.merge([row], readAt: store.beginRead())
            store.write(.delete(3))
            #expect(store.isPending(3))
            #expect(store.shown(row) == row, "shown until the delete is on disk")
            await store.waitUntilSaved()
            #expect(store.shown(row) == nil, "hidden while the delete is pending")
            #expect(store.value(for: 3) == nil)
            let committed = NextChange(.committed, in: store)
            try await delivering(store) {
                await clock.advance()
                #expect(committed.change?.ids == [3])
            }
            #expect(store.shown(row) == nil, "a saved page's copy never brings it back")
            #expect(store.value(for: 3) == nil)

            store.merge([], gone: [4], readAt: store.beginRead())
            #expect(store.shown(Note(id: 4, text: "deleted elsewhere")) == nil)
            #expect(store.shown(Note(id: 5, text: "unknown")) == Note(id: 5, text: "unknown"), "a row the store never saw shows as the page has it")
        }
    }

    @Test func aWriteTheDeviceCannotKeepRollsBackAndIsNeverSent() async throws {
        await storage.simulateFailures(append: .io("read-only folder"), markDone: nil)
        let store = makeStore()
        store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
        var told: [String] = []
        let token = store.onWriteFailure { told.append("\($0)") }
        var reasons: [RecordChange<Int>.Reason] = []
        let observing = store.observe { reasons.append($0.reason) }
        store.write(.edit(1, text: "final"))
        #expect(store.isPending(1), "pending at once")
        #expect(store.value(for: 1) == Note(id: 1, text: "draft"), "not shown before it is on disk")
        #expect(told.isEmpty)
        await store.waitUntilSaved()
        #expect(store.value(for: 1) == Note(id: 1, text: "draft"), "never shown")
        #expect(!store.isPending(1))
        #expect(reasons == [.written, .rolledBack])
        #expect(told.count == 1 && told[0].hasPrefix("notSaved("))
        #expect(try await store.outbox.pending.isEmpty)
        withExtendedLifetime((token, observing)) {}
    }

    @Test func anAnswerAboutAnotherRecordIsRejected() async throws {
        try await clock.perform {
            let store = makeStore()
            store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
            let told = NextFailure(in: store)
            store.write(.edit(1, text: "final"))
            try await delivering(store, isRetryable: { _ in false }, send: { _, _ in Note(id: 9, text: "someone else") }) {
                await clock.advance()
                #expect(told.failure?.contains("MismatchedAnswer") == true, "\(String(describing: told.failure))")
                #expect(store.value(for: 1) == Note(id: 1, text: "draft"))
            }
        }
    }

    @Test func aRestartShowsTheSameRecordsAndPendingWrites() async throws {
        server.isOnline = false
        do {
            let store = makeStore()
            await store.restore()
            store.merge([Note(id: 1, text: "draft"), Note(id: 2, text: "kept")], readAt: store.beginRead())
            store.write(.edit(1, text: "offline edit"))
            await store.waitUntilSaved()
        }
        try await clock.perform {
            let restarted = makeStore()
            await restarted.restore()
            #expect(restarted.value(for: 1) == Note(id: 1, text: "offline edit"))
            #expect(restarted.isPending(1))
            #expect(restarted.value(for: 2) == Note(id: 2, text: "kept"))

            server.isOnline = true
            let committed = NextChange(.committed, in: restarted)
            try await delivering(restarted) {
                await clock.advance()
                #expect(committed.change?.ids == [1])
                #expect(restarted.value(for: 1) == Note(id: 1, text: "OFFLINE EDIT"))
                #expect(server.received == [.edit(1, text: "offline edit")])
            }
        }
    }
    @Test func restoringKeepsWhatTheStoreLearntSinceItWasCreated() async {
        do {
            let store = makeStore()
            await store.restore()
            store.merge([Note(id: 1, text: "old"), Note(id: 2, text: "only saved")], readAt: store.beginRead())
            await store.waitUntilSaved()
        }
        let restarted = makeStore()
        restarted.merge([Note(id: 1, text: "new")], readAt: restarted.beginRead())
        await restarted.restore()
        #expect(restarted.value(for: 1) == Note(id: 1, text: "new"))
        #expect(restarted.value(for: 2) == Note(id: 2, text: "only saved"), "the merge before restore did not overwrite the saved values")
    }

    @Test func aWriteMadeWhileRestoringShowsAfterTheRestoredOnes() async throws {
        server.isOnline = false
        do {
            let store = makeStore()
            await store.restore()
            store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
            store.write(.edit(1, text: "before the restart"))
            await store.waitUntilSaved()
        }
        // The next launch: the user edits again before the saved writes are read.
        let restarted = makeStore()
        restarted.write(.edit(1, text: "after the restart"))
        await restarted.restore()
        #expect(restarted.isPending(1))
        await restarted.waitUntilSaved()
        #expect(restarted.value(for: 1)?.text == "after the restart", "the outbox sends the older write first")
        #expect(restarted.isPending(1))
        #expect(try await restarted.outbox.pending.map(\.write) == [.edit(1, text: "before the restart"), .edit(1, text: "after the restart")])
    }

    @Test func aRunStartedAgainAfterACancelledOneStillRollsBackRefusals() async throws {
        server.refused = [1]
        try await clock.perform {
            let store = makeStore()
            store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
            try await delivering(store) { await clock.advance() }   // a run, waiting for writes, then cancelled
            try await delivering(store) {
                try await delivering(store) {}   // a second run while one delivers returns at once

                let rolledBack = NextChange(.rolledBack, in: store)
                store.write(.edit(1, text: "final"))
                await clock.advance()
                #expect(rolledBack.change?.ids == [1])
                #expect(store.value(for: 1) == Note(id: 1, text: "draft"))
            }
        }
    }

    @Test func theAnswerIsOnDiskBeforeTheOutboxLetsTheWriteGo() async throws {
        let cache = cache
        let seenAtMarkDone = Mutex<[String]>([])
        let checking = CheckingStorage(InMemoryOutboxStorage()) {
            let saved = await cache.records([Data("1".utf8)]).first?.value
            let note = saved.flatMap { try? JSONDecoder().decode(RecordStoreTests.Note.self, from: $0) }
            seenAtMarkDone.withLock { $0.append(note?.text ?? "nothing saved") }
        }
        try await clock.perform {
            let store = RecordStore(outbox: Outbox<NoteWrite>(storage: checking, clock: clock), storage: cache)
            await store.restore()
            store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
            store.write(.edit(1, text: "final"))
            try await delivering(store) {
                await clock.advance()
                #expect(await checking.markedDone == 1)
                #expect(seenAtMarkDone.withLock { $0 } == ["FINAL"])
            }
        }
    }

    @Test func aDamagedQueueTellsEveryScreenAndOneAlert() async throws {
        try await clock.perform {
            let store = makeStore()
            let lost = NextChange(.writesLost, in: store)
            let alert = NextFailure(in: store)
            try await delivering(store) {
                await storage.report(.damaged(byteCount: 40, keptAt: "/tmp/outbox.damaged"))
                store.write(.edit(7, text: "after the damage"))   // the outbox reports what it found
                await clock.advance()
                #expect(lost.change != nil)
                let failure = alert.failure ?? "none"
                #expect(failure.hasPrefix("storage(") && failure.contains("40"), "\(failure)")
            }
        }
    }
}

/// The store's first change for a reason, once it came.
@MainActor
final class NextChange {
    private var token: ObservationToken?
    private(set) var change: RecordChange<Int>?

    init<Write: RecordWrite>(_ reason: RecordChange<Int>.Reason, in store: RecordStore<Write>) where Write.Record.ID == Int {
        token = store.observe { [weak self] change in
            guard let self, change.reason == reason, self.change == nil else { return }
            self.change = change
        }
    }
}

/// The first failure the store gives a screen, described, once it came; registered as the
/// screen on top.
@MainActor
final class NextFailure {
    private var token: ObservationToken?
    private(set) var failure: String?

    init<Write: RecordWrite>(in store: RecordStore<Write>) {
        token = store.onWriteFailure { [weak self] failure in
            guard let self, self.failure == nil else { return }
            self.failure = "\(failure)"
        }
    }
}

/// An outbox storage whose appends wait until ``release()``: a save to disk in progress, for as
/// long as the test needs.
actor HeldAppendStorage: OutboxStorage {
    private let base: InMemoryOutboxStorage
    private var isHeld = true
    private var heldAppends: [CheckedContinuation<Void, Never>] = []
    private var waitingForAppend: [CheckedContinuation<Void, Never>] = []

    init(_ base: InMemoryOutboxStorage) {
        self.base = base
    }

    /// Returns once an append is held.
    func waitForAppend() async {
        guard heldAppends.isEmpty else { return }
        await withCheckedContinuation { waitingForAppend.append($0) }
    }

    /// Lets the held appends, and every later one, go on.
    func release() {
        isHeld = false
        for append in heldAppends { append.resume() }
        heldAppends = []
    }

    func append(_ record: OutboxRecord) async throws(CacheStoreError) {
        if isHeld {
            await withCheckedContinuation { continuation in
                heldAppends.append(continuation)
                for waiter in waitingForAppend { waiter.resume() }
                waitingForAppend = []
            }
        }
        try await base.append(record)
    }

    func first() async throws(CacheStoreError) -> OutboxRecord? { await base.first() }
    func all() async throws(CacheStoreError) -> [OutboxRecord] { await base.all() }
    func takeProblems() async -> [OutboxProblem] { await base.takeProblems() }
    func markDone(_ id: UUID) async throws(CacheStoreError) { try await base.markDone(id) }
}

/// An outbox storage that runs `beforeMarkDone` before each mark, and says which records were
/// marked.
actor CheckingStorage: OutboxStorage {
    private let base: InMemoryOutboxStorage
    private let beforeMarkDone: @Sendable () async -> Void
    private var marked: [UUID] = []

    init(_ base: InMemoryOutboxStorage, beforeMarkDone: @escaping @Sendable () async -> Void) {
        self.base = base
        self.beforeMarkDone = beforeMarkDone
    }

    /// How many marks were made.
    var markedDone: Int { marked.count }

    func append(_ record: OutboxRecord) async throws(CacheStoreError) { try await base.append(record) }
    func first() async throws(CacheStoreError) -> OutboxRecord? { await base.first() }
    func all() async throws(CacheStoreError) -> [OutboxRecord] { await base.all() }
    func takeProblems() async -> [OutboxProblem] { await base.takeProblems() }

    func markDone(_ id: UUID) async throws(CacheStoreError) {
        await beforeMarkDone()
        try await base.markDone(id)
        marked.append(id)
    }
}

/// A record storage whose saves fail while `failing` (a full disk, a busy database).
actor FailingRecordStorage: RecordStorage {
    private let base = InMemoryRecordStorage()
    private var failing = false

    func setFailing(_ failing: Bool) { self.failing = failing }

    func records() async throws(CacheStoreError) -> [SavedRecord] { await base.records() }
    func records(_ ids: [Data]) async -> [SavedRecord] { await base.records(ids) }
    /// The ids of the records saved.
    var savedIDs: [Data] { get async { await base.records().map(\.id) } }

    /// How many saves were asked for, failed or not.
    private(set) var attempts = 0

    func save(_ records: [SavedRecord]) async throws(CacheStoreError) {
        attempts += 1
        if failing { throw .io("disk full") }
        await base.save(records)
    }

    func remove(_ records: [Data: Date]) async throws(CacheStoreError) {
        if failing { throw .io("disk full") }
        await base.remove(records)
    }
}
