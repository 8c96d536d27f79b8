import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing

/// A live record, as a detail screen sees it: shown at once when the records know it, loaded
/// when they do not, gone when the server has none, failures presented, and every write to it,
/// from any screen, followed with its pending mark. All work runs on the test clock's executor.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct LiveRecordTests {
    let clock = TestClock()
    let server = ContactServer((1...5).map { Contact(id: $0, name: "Contact \($0)", isFavourite: false) })

    struct DetailState: Equatable, Sendable {
        var contact = LiveRecord<Contact>(id: 3)
    }

    func makeRecords(storage: InMemoryRecordStorage? = nil) -> RecordStore<ContactWrite> {
        RecordStore(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: storage)
    }

    func makeDetail(_ records: RecordStore<ContactWrite>, id: Int = 3, answering: (@Sendable (Int) throws -> Contact?)? = nil)
        -> (store: StateStore<DetailState>, live: LiveRecordQuery<ContactWrite>) {
        let store = StateStore(DetailState(contact: LiveRecord(id: id)), clock: clock)
        let server = server
        let answer = answering ?? { id in server.contacts.first { $0.id == id } }
        let live = store.liveRecord(\.contact, records: records, id: id) { id in
            guard server.isOnline else { throw ServerDown() }
            return try answer(id)
        }
        return (store, live)
    }

    @Test func aRecordTheStoreKnowsShowsAtOnceWithNoRequest() async {
        clock.perform {
            let records = makeRecords()
            records.merge([Contact(id: 3, name: "Known", isFavourite: true)], readAt: records.beginRead())
            let (store, live) = makeDetail(records)
            #expect(store.state.contact.record == .loaded(Contact(id: 3, name: "Known", isFavourite: true)))
            live.loadIfNeeded()
            #expect(!store.state.contact.record.isLoading, "known: not asked again")
        }
    }

    @Test func anUnknownRecordLoadsAndIsMergedIntoTheRecords() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeDetail(records)
            live.loadIfNeeded()
            #expect(store.state.contact.record == .loading())
            await clock.advance()
            #expect(store.state.contact.record == .loaded(server.contacts[2]))
            #expect(records.value(for: 3) == server.contacts[2], "every screen sees it")
        }
    }

    @Test func aRecordTheServerDoesNotHaveIsGone() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeDetail(records, id: 99)
            live.loadIfNeeded()
            await clock.advance()
            #expect(store.state.contact.isGone)
            #expect(store.state.contact.record == .idle)
            live.loadIfNeeded()
            #expect(!store.state.contact.record.isLoading, "gone: not asked again")
        }
    }

    @Test func aFailedLoadIsPresentedAndARetryLoads() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeDetail(records)
            server.isOnline = false
            live.loadIfNeeded()
            await clock.advance()
            #expect(store.state.contact.record.error != nil)
            #expect(!store.state.contact.isGone)
            server.isOnline = true
            live.load()
            await clock.advance()
            #expect(store.state.contact.record == .loaded(server.contacts[2]))
        }
    }

    @Test func anAnswerAboutAnotherRecordIsAFailureNotThatRecord() async {
        await clock.perform {
            let records = makeRecords()
            let other = Contact(id: 4, name: "Someone else", isFavourite: false)
            let (store, live) = makeDetail(records, answering: { _ in other })
            live.loadIfNeeded()
            await clock.advance()
            #expect(store.state.contact.value == nil)
            #expect(store.state.contact.record.error != nil)
            #expect(records.value(for: 4) == nil, "not merged")
        }
    }

    @Test func aWriteFromAnyScreenShowsPendingThenTheServersAnswer() async {
        await clock.perform {
            let records = makeRecords()
            records.merge(server.contacts, readAt: records.beginRead())
            let (store, live) = makeDetail(records)
            records.write(.setFavourite(true, id: 3))   // made by another screen
            #expect(store.state.contact.pending == .saving)
            #expect(store.state.contact.value?.isFavourite == false, "shown once on disk")
            await records.waitUntilSaved()
            #expect(store.state.contact.value?.isFavourite == true)
            let server = server
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await records.deliver(isRetryable: { $0 is ServerDown }) { write, _ in try server.send(write) } }
                defer { group.cancelAll() }
                await clock.advance()
                #expect(store.state.contact.pending == nil)
                #expect(store.state.contact.record == .loaded(Contact(id: 3, name: "Contact 3", isFavourite: true)))
            }
            withExtendedLifetime(live) {}   // the screen keeps its live record
        }
    }

    @Test func aDeleteShowsDeletingUntilTheServerAnswersThenGone() async {
        await clock.perform {
            let records = makeRecords()
            records.merge(server.contacts, readAt: records.beginRead())
            let (store, live) = makeDetail(records)
            records.write(.delete(id: 3))
            await records.waitUntilSaved()
            #expect(store.state.contact.pending == .deleting)
            #expect(store.state.contact.value == server.contacts[2], "still named while the delete waits")
            let server = server
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await records.deliver(isRetryable: { $0 is ServerDown }) { write, _ in try server.send(write) } }
                defer { group.cancelAll() }
                await clock.advance()
                #expect(store.state.contact.isGone)
                #expect(store.state.contact.pending == nil)
            }
            withExtendedLifetime(live) {}
        }
    }

    /// Review of issue 38: a record the store knew deleted showed as nothing at all, never gone.
    @Test func aRecordTheStoreKnowsDeletedIsGoneAtOnce() async {
        clock.perform {
            let records = makeRecords()
            records.merge([], gone: [3], readAt: records.beginRead())
            let (store, live) = makeDetail(records)
            #expect(store.state.contact.isGone)
            live.loadIfNeeded()
            #expect(!store.state.contact.record.isLoading, "gone: not asked")
        }
    }

    /// Review of issue 38: a load called off by a newer one ended the newer one's loading.
    @Test func aLoadReplacedByANewerOneLeavesItLoading() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeDetail(records)
            live.load()
            live.load()
            #expect(store.state.contact.record == .loading())
            #expect(live.result == store.state.contact, "what the screen shows is what the query holds")
            await clock.advance()
            #expect(store.state.contact.record == .loaded(server.contacts[2]))
        }
    }

    /// Issue 54, M3: a record restored from the device after a restart showed as the server's,
    /// with no mark and no request, so a change on the server never reached the detail.
    @Test func aSavedCopyShowsMarkedSavedWhileTheServerIsAskedThenTheServersValue() async {
        let storage = InMemoryRecordStorage()
        let learntAt = Date(timeIntervalSince1970: 1_800_000_000)
        await clock.perform {
            // An earlier run learnt contact 3 and saved it.
            let earlier = Dependencies.with { $0.now = { learntAt } } operation: {
                RecordStore<ContactWrite>(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: storage)
            }
            await earlier.restore()
            earlier.merge([Contact(id: 3, name: "Old name", isFavourite: false)], readAt: earlier.beginRead())
            await earlier.waitUntilSaved()
            #expect(earlier.origin(of: 3) == .network, "learnt from the server in that run")

            server.rename(3, to: "New name")
            let records = RecordStore<ContactWrite>(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: storage)
            await records.restore()
            #expect(records.origin(of: 3) == .saved(at: learntAt))
            let (store, live) = makeDetail(records)
            let saved = Contact(id: 3, name: "Old name", isFavourite: false)
            #expect(store.state.contact.value == saved, "the saved copy shows at once")
            #expect(store.state.contact.savedDataNotice == SavedDataNotice(savedAt: learntAt, isUpdating: false, failure: nil))

            live.loadIfNeeded()
            #expect(store.state.contact.record == .loading(previous: saved), "the server is asked, the copy stays shown")
            #expect(store.state.contact.savedDataNotice?.isUpdating == true)
            await clock.advance()
            #expect(store.state.contact.record == .loaded(Contact(id: 3, name: "New name", isFavourite: false)))
            #expect(store.state.contact.origin == .network)
            #expect(store.state.contact.savedDataNotice == nil)
            live.loadIfNeeded()
            #expect(!store.state.contact.record.isLoading, "the server's value: not asked again")
        }
    }

    /// Issue 54, M3: offline, the saved copy stays shown, marked saved, with why the server did
    /// not answer; a retry asks again.
    @Test func aSavedCopyTheServerCannotConfirmStaysShownMarkedWithTheFailure() async {
        let storage = InMemoryRecordStorage()
        await clock.perform {
            let earlier = makeRecords(storage: storage)
            await earlier.restore()
            earlier.merge([Contact(id: 3, name: "Contact 3", isFavourite: false)], readAt: earlier.beginRead())
            await earlier.waitUntilSaved()

            let records = makeRecords(storage: storage)
            await records.restore()
            let (store, live) = makeDetail(records)
            server.isOnline = false
            live.loadIfNeeded()
            await clock.advance()
            #expect(store.state.contact.value == Contact(id: 3, name: "Contact 3", isFavourite: false))
            #expect(store.state.contact.record.error != nil)
            #expect(store.state.contact.savedDataNotice?.failure != nil)
            #expect(store.state.contact.origin?.savedAt != nil)

            server.isOnline = true
            live.loadIfNeeded()
            await clock.advance()
            #expect(store.state.contact.record == .loaded(server.contacts[2]))
            #expect(store.state.contact.savedDataNotice == nil)
        }
    }

    /// The server saying what was saved makes it current too: the mark goes, and every screen
    /// following the record is told.
    @Test func aServerAnswerEqualToTheSavedCopyMakesItCurrent() async {
        let storage = InMemoryRecordStorage()
        await clock.perform {
            let earlier = makeRecords(storage: storage)
            await earlier.restore()
            earlier.merge([server.contacts[2]], readAt: earlier.beginRead())
            await earlier.waitUntilSaved()

            let records = makeRecords(storage: storage)
            await records.restore()
            var told: [Set<Int>] = []
            let token = records.observe { told.append($0.ids) }
            records.merge([server.contacts[2]], readAt: records.beginRead())
            #expect(records.origin(of: 3) == .network)
            #expect(told == [[3]])
            withExtendedLifetime(token) {}
        }
    }

    /// Issue 54, M3: an answer naming another record confirms nothing: the saved copy stays marked
    /// saved at the time it was learnt, on screen and on disk, and a later run shows it so too.
    @Test func anAnswerAboutAnotherRecordLeavesTheSavedCopyMarkedSavedAndItsTimeOnDisk() async {
        let storage = InMemoryRecordStorage()
        let learntAt = Date(timeIntervalSince1970: 1_800_000_000)
        await clock.perform {
            let earlier = Dependencies.with { $0.now = { learntAt } } operation: { makeRecords(storage: storage) }
            await earlier.restore()
            earlier.merge([Contact(id: 3, name: "Old name", isFavourite: false)], readAt: earlier.beginRead())
            await earlier.waitUntilSaved()

            let records = Dependencies.with { $0.now = { learntAt + 3600 } } operation: { makeRecords(storage: storage) }
            await records.restore()
            let other = Contact(id: 4, name: "Someone else", isFavourite: false)
            let (store, live) = makeDetail(records, answering: { _ in other })
            live.loadIfNeeded()
            await clock.advance()
            #expect(store.state.contact.record.error != nil)
            #expect(store.state.contact.savedDataNotice?.savedAt == learntAt)
            await records.waitUntilSaved()
            #expect(await storage.records().map(\.learnt) == [learntAt], "nothing saved as learnt now")

            let later = makeRecords(storage: storage)
            await later.restore()
            #expect(later.origin(of: 3) == .saved(at: learntAt))
            #expect(later.value(for: 4) == nil)
        }
    }
}
