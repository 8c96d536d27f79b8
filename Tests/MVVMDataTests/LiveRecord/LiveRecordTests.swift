import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing

/// A live record, as a detail screen sees it: shown at once when the records know it, loaded
/// when they do not, gone when the server has none, failures presented, and every write to it,
/// from any screen, followed with its pending mark. All work runs on the test clock's executor.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct LiveRecordTests {
    let clock = TestClock()
    let server = ContactServer((1...5).map { Contact(id: $0, name: "Contact \($0)", isFavourite: false) })

    struct DetailState: Equatable, Sendable {
        var contact = LiveRecord<Contact>(id: 3)
    }

    func makeRecords() -> RecordStore<ContactWrite> {
        RecordStore(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock))
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
        clock.drive {
            let records = makeRecords()
            records.merge([Contact(id: 3, name: "Known", isFavourite: true)], readAt: records.beginRead())
            let (store, live) = makeDetail(records)
            #expect(store.state.contact.record == .loaded(Contact(id: 3, name: "Known", isFavourite: true)))
            live.loadIfNeeded()
            #expect(!store.state.contact.record.isLoading, "known: not asked again")
        }
    }

    @Test func anUnknownRecordLoadsAndIsMergedIntoTheRecords() async {
        await clock.drive {
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
        await clock.drive {
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
        await clock.drive {
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
        await clock.drive {
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
        await clock.drive {
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
        await clock.drive {
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
        clock.drive {
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
        await clock.drive {
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
}
