import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing

/// A storage that answers queries as ``InMemoryRecordStorage`` does, but holds each query's
/// answer until the test lets it go: a device's read in flight.
actor HeldQueryStorage: QueryableRecordStorage {
    let saved = InMemoryRecordStorage()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isHolding = true

    func release() {
        isHolding = false
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    func records(matching query: SavedRecordQuery) async -> [SavedRecord] {
        if isHolding { await withCheckedContinuation { waiting.append($0) } }
        return await saved.records(matching: query)
    }

    func records() async -> [SavedRecord] { await saved.records() }
    func records(_ ids: [Data]) async -> [SavedRecord] { await saved.records(ids) }
    func save(_ records: [SavedRecord]) async { await saved.save(records) }
    func remove(_ records: [Data: Date]) async { await saved.remove(records) }
    func recordsToIndex(layout: String, after: Data?, limit: Int) async -> [SavedRecord] {
        await saved.recordsToIndex(layout: layout, after: after, limit: limit)
    }
    func countRecordsToIndex(layout: String) async -> Int { await saved.countRecordsToIndex(layout: layout) }
    func trim(learntBefore cutoff: Date?, maxCount: Int?, limit: Int, kept: Set<Data>) async -> [Data] {
        await saved.trim(learntBefore: cutoff, maxCount: maxCount, limit: limit, kept: kept)
    }
}

/// The device's answer read from a storage that answers queries (issue 52): a read replaced by a
/// newer one while in flight changes nothing (it took the records it read, and told the screens
/// inside its work called off, whose updates are dropped: the rows never showed, and the newer
/// read found nothing left to take, in CI once), and the newer read's rows show, in step with
/// the changes a table view applies.
@Suite(.timeLimit(.minutes(1)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct LiveQueryDeviceReadTests {
    let clock = TestClock()

    /// `contact` as the device keeps it, indexed by the contacts' fields.
    private static func saved(_ contact: Contact) -> SavedRecord {
        SavedRecord(
            id: try! JSONEncoder().encode(contact.id), value: try! JSONEncoder().encode(contact),
            learnt: Date(timeIntervalSince1970: 1), index: RecordSearch<Contact>.contactsByFields.index(of: contact))
    }

    @Test func aReadReplacedWhileInFlightKeepsTheRowsInStepWithTheirChanges() async {
        let storage = HeldQueryStorage()
        let contacts = (1...20).map { Contact(id: $0, name: "Contact \($0)", isFavourite: $0 % 2 == 0) }
        await storage.saved.save(contacts.map(Self.saved))
        await clock.perform {
            let records = RecordStore<ContactWrite>(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: storage, search: .contactsByFields)
            records.merge(Array(contacts.prefix(8)), readAt: records.beginRead())   // held in memory: shown at once
            let store = StateStore(ContactListState(), clock: clock)
            let live = store.liveQuery(\.contacts, records: records, named: "contacts", query: \.query, pageSize: 6, rules: .contactsByFields) {
                (_: LivePageRequest<ContactQuery, Int>) -> LivePage<Contact, Int> in throw ServerDown()
            }
            live.loadIfNeeded()
            await clock.advance()   // the read of the first answer waits in the storage
            let table = LiveListTable(store.state.contacts)
            let token = store.subscribe(sendCurrent: false) { table.show($0.contacts) }
            #expect(store.state.contacts.rows.map(\.id) == [1, 2, 3, 4, 5, 6])

            store.update { $0.query = ContactQuery(favouritesOnly: true) }   // a new read replaces it
            #expect(store.state.contacts.rows.map(\.id) == [2, 4, 6, 8])
            await storage.release()
            #expect(await clock.advance(until: { store.state.contacts.rows.count == 6 }))
            #expect(store.state.contacts.rows.map(\.id) == [2, 4, 6, 8, 10, 12], "the favourites, read from the storage")
            #expect(table.problems == [])
            #expect(table.reloads == 1, "one reload (the first), then only the changes")
            #expect(table.table.rows == Array(store.state.contacts.rows))
            token.cancel()
        }
    }

    /// Rows deleted on the device (pending) leave the answer short of a page: the storage is read
    /// again for the rows after, and the list never says it reached its end while the device has
    /// more.
    @Test func rowsDeletedOnTheDeviceAreReplacedFromTheStorage() async {
        let storage = HeldQueryStorage()
        await storage.release()
        let contacts = (1...20).map { Contact(id: $0, name: "Contact \($0)", isFavourite: false) }
        await storage.saved.save(contacts.map(Self.saved))
        await clock.perform {
            let records = RecordStore<ContactWrite>(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: storage, search: .contactsByFields)
            let store = StateStore(ContactListState(), clock: clock)
            let live = store.liveQuery(\.contacts, records: records, named: "contacts", query: \.query, pageSize: 4, rules: .contactsByFields) {
                (_: LivePageRequest<ContactQuery, Int>) -> LivePage<Contact, Int> in throw ServerDown()
            }
            live.loadIfNeeded()
            #expect(await clock.advance(until: { store.state.contacts.rows.count == 4 }))
            #expect(store.state.contacts.rows.map(\.id) == [1, 2, 3, 4])
            for id in [1, 2, 3] { records.write(.delete(id: id)) }
            await records.waitUntilSaved()
            await clock.advance()
            #expect(store.state.contacts.rows.map(\.id) == [4, 5, 6, 7], "the next saved rows, read")
            #expect(store.state.contacts.nextPage == .loaded, "more follow")
        }
    }
}
