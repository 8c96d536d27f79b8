import MVVMTestSupport
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization
import Testing

/// Random interleavings of what happens to a list: the server inserts, deletes and renames;
/// pages are fetched for three queries; writes are made, answered, refused and sent offline;
/// the app restarts. After every step each live query equals the same query computed from
/// scratch (its pages' ids, or every record seen, through the records as they are now, filtered
/// and ordered by the rules), with no id twice. At the end, online with every write answered, a
/// refresh paged to the end shows exactly the server's answer, and the count its figure.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct LiveQueryPropertyTests {
    /// The ids each live query's pages listed since its last refresh, as the fetch returned them.
    final class PageLog: Sendable {
        private let pages = Mutex<[Int: [Int]]>([:])
        func record(_ query: Int, _ page: LivePage<Contact, Int>, first: Bool) {
            pages.withLock { pages in
                if first { pages[query] = [] }
                pages[query, default: []].append(contentsOf: page.records.map(\.id))
            }
        }
        func ids(_ query: Int) -> [Int]? { pages.withLock { $0[query] } }
        func forget() { pages.withLock { $0 = [:] } }
    }

    static let queries = [ContactQuery(), ContactQuery(favouritesOnly: true), ContactQuery(text: "zoe")]
    static let pageSize = 4

    struct App {
        let records: RecordStore<ContactWrite>
        let lists: [(store: StateStore<ContactListState>, live: LiveQuery<ContactWrite, ContactQuery, Int>)]
        /// Whether each list answers from the server's pages (else from the device).
        var fromPages: [Bool]
        /// The query each list shows (a keystroke or a filter changes it).
        var queries: [ContactQuery]
        /// A table view per list, handed every update of the list's state (`subscribe`) and
        /// updated only by the changes `AppliedRows` gives it.
        let tables: [LiveListTable]
        /// The same, handed the state as `observe` does: updates made in one turn coalesced.
        let coalescedTables: [LiveListTable]
        let tokens: [ObservationToken]
    }

    /// With `onDemand`, the store reads saved records as the lists need them (a storage that
    /// answers queries, rules declared by fields); the device's answers are then the storage's.
    @Test(arguments: 0..<24, [false, true])
    func everyLiveQueryEqualsItsQueryComputedFromScratch(seed: UInt64, onDemand: Bool) async {
        var random = SplitMix64(seed: seed)   // a failure names its seed
        let clock = TestClock()
        let storage = InMemoryOutboxStorage()
        let cache = LockedRecordStorage()
        let server = ContactServer((1...30).map { Contact(id: $0, name: ["Zoë", "Anders", "José"][$0 % 3] + " \($0)", isFavourite: $0 % 2 == 0) })
        let log = PageLog()
        var nextID = 31
        var seenIDs: Set<Int> = []

        func makeApp() -> App {
            let records = RecordStore<ContactWrite>(
                outbox: Outbox(storage: storage, clock: clock), storage: cache, search: onDemand ? .contactsByFields : .contacts)
            let lists = Self.queries.indices.map { index in
                let store = StateStore(ContactListState(query: Self.queries[index]), clock: clock)
                let live: LiveQuery<ContactWrite, ContactQuery, Int> = store.liveQuery(
                    \.contacts, records: records, named: "contacts\(index)", query: \.query, pageSize: Self.pageSize,
                    rules: onDemand ? .contactsByFields : .contacts, counts: [.favourites], fetchCounts: { try server.counts() }
                ) { request in
                    let page = try server.page(request)
                    log.record(index, page, first: request.isFirstPage)
                    return page
                }
                return (store, live)
            }
            let tables = lists.map { LiveListTable($0.0.state.contacts) }
            let coalescedTables = lists.map { LiveListTable($0.0.state.contacts) }
            let tokens = lists.indices.flatMap { index in
                let store = lists[index].0
                return [
                    store.subscribe(sendCurrent: false) { state in tables[index].show(state.contacts) },
                    observe { coalescedTables[index].show(store.state.contacts) },
                ]
            }
            return App(
                records: records, lists: lists, fromPages: Array(repeating: false, count: lists.count), queries: Self.queries,
                tables: tables, coalescedTables: coalescedTables, tokens: tokens)
        }

        /// The contacts saved on the device, by id (`nil`: deleted), when the store reads on demand.
        func savedContacts() async -> [Int: Contact?] {
            guard onDemand else { return [:] }
            var saved: [Int: Contact?] = [:]
            for record in await cache.records() {
                guard let id = try? JSONDecoder().decode(Int.self, from: record.id) else { continue }
                saved[id] = record.value.flatMap { try? JSONDecoder().decode(Contact.self, from: $0) }
            }
            return saved
        }

        func expected(_ app: App, _ index: Int, saved: [Int: Contact?]) -> [LiveRow<Contact>] {
            let query = app.queries[index]
            let records = app.records
            func row(_ id: Int) -> LiveRow<Contact>? {
                // What the store holds, else (read on demand) what the device saved.
                let held = records.origin(of: id) != nil || records.isPending(id)
                guard let contact = held ? records.value(for: id) : saved[id] ?? nil, !query.favouritesOnly || contact.isFavourite,
                      RecordSearch.contacts.matches(contact, query.text) else { return nil }
                return LiveRow(contact, pending: records.pendingWrite(for: id))
            }
            if app.fromPages[index] {
                var seen = Set<Int>()
                return (log.ids(index) ?? []).filter { seen.insert($0).inserted }.compactMap(row)
            }
            return seenIDs.compactMap(row).sorted { $0.id < $1.id }
        }

        /// Whether every list answering from the device shows its expected first rows.
        func devicesAgree(_ app: App, saved: [Int: Contact?]) -> Bool {
            app.lists.indices.allSatisfy { index in
                let shown = Array(app.lists[index].store.state.contacts.rows)
                let expected = expected(app, index, saved: saved)
                return app.fromPages[index] || shown == Array(expected.prefix(shown.count))
                    && (shown.count == expected.count || (shown.count >= Self.pageSize && shown.count % Self.pageSize == 0))
            }
        }

        func check(_ app: App, _ step: String) async {
            var saved = await savedContacts()
            // Read on demand, a device's answer follows a change by a read of the storage, which
            // this test's delivery task (not on the test clock) can start at any moment: the
            // check waits for the reads in flight to land (a bounded number of turns; a list
            // that stays wrong still fails below).
            var turns = 0
            while onDemand, turns < 200, !devicesAgree(app, saved: saved) {
                turns += 1
                await clock.advance()
                await Task.yield()
                saved = await savedContacts()
            }
            for index in app.lists.indices {
                let shown = Array(app.lists[index].store.state.contacts.rows)
                let expected = expected(app, index, saved: saved)
                #expect(Set(shown.map(\.id)).count == shown.count, "seed \(seed)\(onDemand ? " on demand" : ""), \(step): an id twice in list \(index)")
                #expect(app.tables[index].problems == [], "seed \(seed)\(onDemand ? " on demand" : ""), \(step): list \(index)'s changes")
                #expect(app.tables[index].table.rows == shown, "seed \(seed)\(onDemand ? " on demand" : ""), \(step): list \(index)'s table view, updated by the changes alone")
                #expect(app.tables[index].reloads == 1, "seed \(seed)\(onDemand ? " on demand" : ""), \(step): list \(index) reloaded once, then only applied changes")
                #expect(app.coalescedTables[index].problems == [], "seed \(seed)\(onDemand ? " on demand" : ""), \(step): list \(index)'s changes, observed")
                #expect(app.coalescedTables[index].table.rows == shown, "seed \(seed)\(onDemand ? " on demand" : ""), \(step): list \(index)'s observed table view")
                if app.fromPages[index] {
                    #expect(shown == expected, "seed \(seed)\(onDemand ? " on demand" : ""), \(step): list \(index), from its pages")
                } else {
                    // The device's answer shows its first rows, a page more at each next page.
                    #expect(shown == Array(expected.prefix(shown.count)), "seed \(seed)\(onDemand ? " on demand" : ""), \(step): list \(index), from the device")
                    #expect(shown.count == expected.count || (shown.count >= Self.pageSize && shown.count % Self.pageSize == 0),
                            "seed \(seed)\(onDemand ? " on demand" : ""), \(step): list \(index) shows \(shown.count) of \(expected.count) seen")
                }
            }
        }

        func run(_ records: RecordStore<ContactWrite>) -> Task<Void, Never> {
            Task { await records.deliver(isRetryable: { $0 is ServerDown }) { write, _ in try server.send(write) } }
        }

        await clock.perform {
            var app = makeApp()
            for list in app.lists { list.live.loadIfNeeded() }
            var delivery = run(app.records)
            await clock.advance()
            for index in app.lists.indices { app.fromPages[index] = app.lists[index].store.state.contacts.origin == .network }
            seenIDs.formUnion((0..<app.lists.count).flatMap { log.ids($0) ?? [] })

            for step in 0..<40 {
                let index = Int.random(in: 0..<app.lists.count, using: &random)
                let live = app.lists[index].live
                let shownIDs = app.lists[index].store.state.contacts.rows.map(\.id)
                let action = Int.random(in: 0..<12, using: &random)
                var name = ""
                switch action {
                case 0:
                    server.insert(Contact(id: nextID, name: "Zoë new \(nextID)", isFavourite: Bool.random(using: &random)))
                    nextID += 1
                    name = "server insert"
                case 1:
                    if let id = server.contacts.randomElement(using: &random)?.id { server.remove(id) }
                    name = "server delete"
                case 2:
                    if let id = server.contacts.randomElement(using: &random)?.id { server.rename(id, to: "José renamed \(id)") }
                    name = "server rename"
                case 3:
                    live.load(.refresh)
                    name = "refresh \(index)"
                case 4, 5:
                    live.load(.next)
                    name = "next \(index)"
                case 6, 7:
                    if let id = shownIDs.randomElement(using: &random), !app.records.isPending(id), let value = app.records.value(for: id) {
                        app.records.write(Bool.random(using: &random) ? .setFavourite(!value.isFavourite, id: id) : .delete(id: id))
                        if Int.random(in: 0..<4, using: &random) == 0 { server.refused.insert(id) }
                    }
                    name = "write \(index)"
                case 8:
                    server.isOnline.toggle()
                    name = server.isOnline ? "online" : "offline"
                case 9:
                    // A keystroke or a filter: shown at once from the rows loaded, then asked of
                    // the server (after the debounce for a keystroke).
                    let query = ContactQuery(
                        text: ["", "zo", "zoe", "jose", "anders 1"].randomElement(using: &random)!, favouritesOnly: Bool.random(using: &random))
                    app.queries[index] = query
                    app.lists[index].store.update { $0.query = query }
                    name = "show \(index) \(query)"
                case 10:
                    // Another part of the screen changes (a picture arrives): no row moves.
                    app.lists[index].store.update { $0.unrelated += 1 }
                    name = "unrelated \(index)"
                default:
                    delivery.cancel()
                    await delivery.value
                    await app.records.waitUntilSaved()
                    log.forget()
                    app = makeApp()
                    for list in app.lists { list.live.loadIfNeeded() }
                    delivery = run(app.records)
                    name = "restart"
                }
                await clock.advance(by: .seconds(10))
                // A list answers from its pages once its first page arrived (origin network).
                for list in app.lists.indices {
                    app.fromPages[list] = app.lists[list].store.state.contacts.origin == .network
                }
                seenIDs.formUnion((0..<app.lists.count).flatMap { log.ids($0) ?? [] })
                await check(app, "step \(step) (\(name))")
            }

            // Online, every write answered, every list refreshed and paged to the end.
            server.isOnline = true
            server.refused = []
            await clock.advance(by: .seconds(60))
            for list in app.lists {
                list.live.load(.refresh)
                await clock.advance()
                while list.store.state.contacts.nextPage != .reachedEnd, list.store.state.contacts.nextPage.failure == nil {
                    list.live.load(.next)
                    await clock.advance()
                }
            }
            await clock.advance()
            #expect(app.records.pendingIDs.isEmpty, "seed \(seed): every write answered")
            for (index, list) in app.lists.enumerated() {
                let truth = ContactServer.answer(server.contacts, app.queries[index])
                #expect(list.store.state.contacts.records == truth, "seed \(seed): list \(index) is the server's answer")
                #expect(list.store.state.contacts.counts[.favourites] == server.contacts.filter(\.isFavourite).count, "seed \(seed): the server's figure")
            }
            delivery.cancel()
            await delivery.value
        }
    }
}
