import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing

/// A store whose storage answers queries reads saved records as the screens need them (issue
/// 52): a start reads the records of the pending writes, not every record; records an earlier
/// version saved without an index are indexed once, and the list says how far.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct RecordStoreOnDemandTests {
    let clock = TestClock()

    /// `count` contacts saved as an earlier version saved them: no index.
    static func unindexed(_ count: Int) -> [SavedRecord] {
        (1...count).map { id in
            let contact = Contact(id: id, name: "Contact \(id)", isFavourite: id % 2 == 0)
            return SavedRecord(id: try! JSONEncoder().encode(id), value: try! JSONEncoder().encode(contact), learnt: Date(timeIntervalSince1970: Double(id)))
        }
    }

    @Test func aStartReadsThePendingWritesRecordsAndNotTheRest() async throws {
        let storage = InMemoryRecordStorage()
        let outbox = InMemoryOutboxStorage()
        await clock.perform {
            let first = RecordStore<ContactWrite>(outbox: Outbox(storage: outbox, clock: clock), storage: storage, search: .contactsByFields)
            await first.restore()
            first.merge((1...100).map { Contact(id: $0, name: "Contact \($0)", isFavourite: false) }, readAt: first.beginRead())
            first.write(.setFavourite(true, id: 7))
            await first.waitUntilSaved()
        }
        await clock.perform {
            let next = RecordStore<ContactWrite>(outbox: Outbox(storage: outbox, clock: clock), storage: storage, search: .contactsByFields)
            await next.restore()
            #expect(next.value(for: 7) == Contact(id: 7, name: "Contact 7", isFavourite: true), "the pending write's record, read")
            #expect(next.origin(of: 8) == nil, "no other record read at start")
        }
    }

    @Test func savedRecordsWithoutAnIndexAreIndexedOnceAndTheListSaysHowFar() async throws {
        let storage = InMemoryRecordStorage()
        await storage.save(Self.unindexed(12_000))
        await clock.perform {
            let records = RecordStore<ContactWrite>(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: storage, search: .contactsByFields)
            let store = StateStore(ContactListState(query: ContactQuery(favouritesOnly: true)), clock: clock)
            let live = store.liveQuery(\.contacts, records: records, named: "contacts", query: \.query, pageSize: 10, rules: .contactsByFields) {
                (_: LivePageRequest<ContactQuery, Int>) -> LivePage<Contact, Int> in throw ServerDown()
            }
            var progress: [Double?] = []
            let token = store.subscribe(sendCurrent: false) { state in
                if progress.last != state.contacts.indexingSavedRecords { progress.append(state.contacts.indexingSavedRecords) }
            }
            live.loadIfNeeded()
            await records.waitUntilIndexed()
            await clock.advance()
            #expect(progress.compactMap { $0 }.first == 5_000.0 / 12_000, "said after the first batch of 5,000: \(progress)")
            #expect(progress.last == .some(nil), "and no more once done")
            #expect(store.state.contacts.rows.map(\.id) == Array(stride(from: 2, through: 20, by: 2)), "the favourites, read from the storage")
            #expect(await storage.countRecordsToIndex(layout: RecordSearch<Contact>.contactsByFields.layout) == 0)
            token.cancel()
        }
    }
}
