import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization
import Testing

/// One source of truth: pages merge in, a write shows at once and pending, the server's answer
/// commits it or rolls it back with one failure, an older page never undoes a newer write, and
/// a restart shows the same records and pending writes.
@Suite(.timeLimit(.minutes(2)))
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
    let cache = InMemoryCacheStore()

    func makeStore() -> RecordStore<NoteWrite> {
        let outbox = Outbox<NoteWrite>(storage: storage, clock: TestClock())
        return RecordStore(outbox: outbox, local: LocalDataSource(store: cache), key: "notes")
    }

    func deliver(_ store: RecordStore<NoteWrite>) -> Task<Void, Never> {
        let server = server
        return Task { await store.run(isRetryable: { $0 is Offline }) { write, key in try server.send(write, key: key) } }
    }

    @Test func aWriteShowsAtOncePendingAndTheServersAnswerCommitsIt() async {
        let store = makeStore()
        var reasons: [RecordChange<Int>.Reason] = []
        let token = store.observe { reasons.append($0.reason) }
        store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())

        store.write(.edit(1, text: "final"))
        #expect(store.value(for: 1) == Note(id: 1, text: "final"))
        #expect(store.isPending(1))
        #expect(store.pendingIDs == [1])

        let delivery = deliver(store)
        defer { delivery.cancel() }
        #expect(await waitUntil { !store.isPending(1) })
        #expect(store.value(for: 1) == Note(id: 1, text: "FINAL"), "the server's answer, not the guess")
        #expect(store.confirmedValue(for: 1) == Note(id: 1, text: "FINAL"))
        #expect(reasons == [.merged, .written, .committed])
        #expect(server.received == [.edit(1, text: "final")])
        withExtendedLifetime(token) {}
    }

    @Test func aRefusedWriteRollsBackAndOnlyTheScreenOnTopIsTold() async {
        server.refused = [1]
        let store = makeStore()
        store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
        var below: [String] = []
        var onTop: [String] = []
        let belowToken = store.presentFailures { below.append("\($0)") }
        let topToken = store.presentFailures { onTop.append("\($0)") }

        store.write(.edit(1, text: "final"))
        let delivery = deliver(store)
        defer { delivery.cancel() }
        #expect(await waitUntil { onTop.count == 1 })
        #expect(store.value(for: 1) == Note(id: 1, text: "draft"))
        #expect(!store.isPending(1))
        #expect(onTop.first?.hasPrefix("rejected(") == true)
        #expect(below.isEmpty)
        withExtendedLifetime((belowToken, topToken)) {}
    }

    @Test func aFailureWithNoScreenToTellWaitsForTheNextOne() async {
        server.refused = [1]
        let store = makeStore()
        store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
        var closedScreen: ObservationToken? = store.presentFailures { _ in Issue.record("a closed screen is told") }
        closedScreen = nil
        store.write(.edit(1, text: "final"))
        let delivery = deliver(store)
        defer { delivery.cancel() }
        #expect(await waitUntil { !store.isPending(1) })

        var told: [String] = []
        let token = store.presentFailures { told.append("\($0)") }
        #expect(told.count == 1)
        withExtendedLifetime((token, closedScreen)) {}
    }

    @Test func aPageReadBeforeAWriteWasAnsweredNeverUndoesIt() async {
        let store = makeStore()
        store.merge([Note(id: 1, text: "draft"), Note(id: 2, text: "other")], readAt: store.beginRead())
        let pageRead = store.beginRead()   // the page is asked for…
        store.write(.edit(1, text: "final"))
        let delivery = deliver(store)
        defer { delivery.cancel() }
        #expect(await waitUntil { !store.isPending(1) })
        // …and arrives after the write was answered, with the old text.
        store.merge([Note(id: 1, text: "draft"), Note(id: 2, text: "other, edited")], readAt: pageRead)
        #expect(store.value(for: 1) == Note(id: 1, text: "FINAL"))
        #expect(store.value(for: 2) == Note(id: 2, text: "other, edited"), "the rest of the page counts")

        store.merge([Note(id: 1, text: "edited elsewhere")], readAt: store.beginRead())
        #expect(store.value(for: 1) == Note(id: 1, text: "edited elsewhere"), "a page read after the answer wins")
    }

    @Test func aDeletedRecordLeavesEveryPageThatStillListsIt() async {
        let store = makeStore()
        let row = Note(id: 3, text: "gone soon")
        store.merge([row], readAt: store.beginRead())
        store.write(.delete(3))
        #expect(store.shown(row) == nil, "hidden while the delete is pending")
        let delivery = deliver(store)
        defer { delivery.cancel() }
        #expect(await waitUntil { !store.isPending(3) })
        #expect(store.shown(row) == nil, "a saved page's copy never brings it back")
        #expect(store.value(for: 3) == nil)

        store.merge([], gone: [4], readAt: store.beginRead())
        #expect(store.shown(Note(id: 4, text: "deleted elsewhere")) == nil)
        #expect(store.shown(Note(id: 5, text: "unknown")) == Note(id: 5, text: "unknown"), "a row the store never saw shows as the page has it")
    }

    @Test func aWriteTheDeviceCannotKeepRollsBackAndIsNeverSent() async throws {
        await storage.simulateFailures(append: .io("read-only folder"), markDone: nil)
        let store = makeStore()
        store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
        var told: [String] = []
        let token = store.presentFailures { told.append("\($0)") }
        store.write(.edit(1, text: "final"))
        #expect(store.value(for: 1) == Note(id: 1, text: "final"), "shown at once")
        await store.waitUntilSaved()
        #expect(store.value(for: 1) == Note(id: 1, text: "draft"))
        #expect(!store.isPending(1))
        #expect(told.count == 1 && told[0].hasPrefix("notSaved("))
        #expect(try await store.outbox.pending.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test func anAnswerAboutAnotherRecordIsRejected() async {
        let store = makeStore()
        store.merge([Note(id: 1, text: "draft")], readAt: store.beginRead())
        var told: [String] = []
        let token = store.presentFailures { told.append("\($0)") }
        store.write(.edit(1, text: "final"))
        let delivery = Task { await store.run(isRetryable: { _ in false }) { _, _ in Note(id: 9, text: "someone else") } }
        defer { delivery.cancel() }
        #expect(await waitUntil { told.count == 1 })
        #expect(told[0].contains("MismatchedAnswer"))
        #expect(store.value(for: 1) == Note(id: 1, text: "draft"))
        withExtendedLifetime(token) {}
    }

    @Test func aRestartShowsTheSameRecordsAndPendingWrites() async {
        server.isOnline = false
        do {
            let store = makeStore()
            store.merge([Note(id: 1, text: "draft"), Note(id: 2, text: "kept")], readAt: store.beginRead())
            store.write(.edit(1, text: "offline edit"))
            await store.waitUntilSaved()
        }
        let restarted = makeStore()
        await restarted.restore()
        #expect(restarted.value(for: 1) == Note(id: 1, text: "offline edit"))
        #expect(restarted.isPending(1))
        #expect(restarted.value(for: 2) == Note(id: 2, text: "kept"))

        server.isOnline = true
        let delivery = deliver(restarted)
        defer { delivery.cancel() }
        restarted.outbox.nudge()
        #expect(await waitUntil { !restarted.isPending(1) })
        #expect(restarted.value(for: 1) == Note(id: 1, text: "OFFLINE EDIT"))
        #expect(server.received == [.edit(1, text: "offline edit")])
    }

    @Test func restoringKeepsWhatTheStoreLearntSinceItWasCreated() async {
        do {
            let store = makeStore()
            store.merge([Note(id: 1, text: "old")], readAt: store.beginRead())
            await store.waitUntilSaved()
        }
        let restarted = makeStore()
        restarted.merge([Note(id: 1, text: "new")], readAt: restarted.beginRead())
        await restarted.restore()
        #expect(restarted.value(for: 1) == Note(id: 1, text: "new"))
    }
}
