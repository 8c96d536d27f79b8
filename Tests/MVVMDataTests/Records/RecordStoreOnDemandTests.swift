import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization
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

    struct DetailState: Equatable, Sendable {
        var contact = LiveRecord<Contact>(id: 3)
    }

    /// The retention rule, applied where the records are: 50,000 contacts seen under a rule of
    /// 10,000 keep 10,000 on the device, the pending and the shown among them.
    @Test func fiftyThousandSeenWithARuleOfTenThousandKeepTenThousandOnTheDevice() async throws {
        let storage = InMemoryRecordStorage()
        let time = Clock()
        await clock.perform {
            let records = Dependencies.with({ $0.now = { time.now } }, operation: {
                RecordStore<ContactWrite>(
                    outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: storage, search: .contactsByFields,
                    retention: RecordRetention(maxCount: 10_000))
            })
            await records.restore()
            for page in 0..<50 {
                records.merge(((page * 1_000 + 1)...((page + 1) * 1_000)).map { Contact(id: $0, name: "Contact \($0)", isFavourite: false) }, readAt: records.beginRead())
                time.advance()
                if page == 0 { records.write(.setFavourite(true, id: 5)) }   // pending: never delivered here
            }
            let detail = StateStore(DetailState(), clock: clock)
            let shown = detail.liveRecord(\.contact, records: records, id: 3) { _ in nil }
            await clock.advance()
            await records.waitUntilSaved()
            let saved = Set(await storage.records().compactMap { try? JSONDecoder().decode(Int.self, from: $0.id) })
            #expect(saved.count == 10_000)
            #expect(saved.contains(3) && saved.contains(5), "the shown and the pending among them")
            #expect(Set(41_001...50_000).isSubset(of: saved), "the most recently learnt")
            #expect(records.value(for: 10) == nil, "forgotten in memory too")
            #expect(records.value(for: 5)?.isFavourite == true)
            _ = shown
        }
    }

    /// The time now, moved a second at a time: each page is learnt later than the one before.
    final class Clock: Sendable {
        private let seconds = Mutex(1_700_000_000.0)
        var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
        func advance() { seconds.withLock { $0 += 1 } }
    }
}
