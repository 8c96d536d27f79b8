import Foundation
import MVVMCollections
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization
import Testing

/// A live query, as a screen sees it: the server's pages merged with no row twice, every write
/// shown with its pending mark and its count in the same update, failures shown with the rows
/// kept, every query answered offline from every record seen, and the same rows, marks and counts
/// back after a restart before the network answers. All work runs on the test clock's executor.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct LiveQueryTests {
    let clock = TestClock()
    let storage = InMemoryOutboxStorage()
    let cache = InMemoryRecordStorage()
    let server = ContactServer((1...45).map { id in
        let names = ["José", "Zoë", "Anders", "Ｍａｒｉａ", "Chloé"]
        return Contact(id: id, name: "\(names[id % names.count]) \(id)", isFavourite: id % 3 == 0)
    })

    func makeRecords() -> RecordStore<ContactWrite> {
        RecordStore(outbox: Outbox(storage: storage, clock: clock), storage: cache, search: .contacts)
    }

    func makeList(_ records: RecordStore<ContactWrite>, query: ContactQuery = ContactQuery())
        -> (store: StateStore<ContactListState>, live: LiveQuery<ContactWrite, ContactQuery, Int>) {
        let store = StateStore(ContactListState(query: query), clock: clock)
        let server = server
        let live = store.liveQuery(
            \.contacts, records: records, named: "contacts", query: \.query, pageSize: 10, rules: .contacts,
            counts: [.favourites], fetchCounts: { try server.counts() }
        ) { request in try server.page(request) }
        return (store, live)
    }

    /// Runs `body` while `records` sends its writes to the server.
    func delivering(_ records: RecordStore<ContactWrite>, _ body: () async throws -> Void) async throws {
        let server = server
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await records.deliver(isRetryable: { $0 is ServerDown }) { write, _ in try server.send(write) } }
            defer { group.cancelAll() }
            try await body()
        }
    }

    func ids(_ store: StateStore<ContactListState>) -> [Int] { store.state.contacts.rows.map(\.id) }

    /// A first start of the app: the list's first `pages` pages loaded, then `then` done, and
    /// everything saved before it ends.
    func browse(pages: Int, then: (RecordStore<ContactWrite>) -> Void = { _ in }) async {
        let records = makeRecords()
        let (screen, live) = makeList(records)
        live.loadIfNeeded()
        await clock.advance()
        for _ in 1..<max(1, pages) {
            live.load(.next)
            await clock.advance()
        }
        then(records)
        await records.waitUntilSaved()
        await clock.advance()
        _ = screen   // the screen's store owns the requests until here
    }

    @Test func aSearchAsksTheServerOnceTheTextRestsForItsLatestText() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            await clock.advance()
            for text in ["J", "Jo", "Jos"] {
                store.update { $0.query = ContactQuery(text: text) }
                await clock.advance(by: .milliseconds(100))
            }
            #expect(server.pageRequests == ["|false|-"], "typing: not asked yet")
            #expect(ids(store).allSatisfy { server.contacts[$0 - 1].name.hasPrefix("José") }, "filtered at once")
            await clock.advance(by: .milliseconds(300))
            #expect(server.pageRequests == ["|false|-", "Jos|false|-"], "asked once, for the latest text")

            store.update { $0.query = ContactQuery(text: "Zo") }
            store.update { $0.query = ContactQuery(text: "Zo", favouritesOnly: true) }   // a filter chosen: asked at once
            await clock.advance(by: .seconds(1))
            #expect(server.pageRequests == ["|false|-", "Jos|false|-", "Zo|true|-"], "the debounced search is called off")
        }
    }

    /// What a pull-to-refresh spinner shows is the query's phase, not a flag beside it: a pull
    /// over rows shown is `.refreshing` until it ends, however it ends (answered, or called off
    /// by leaving); a refresh the query's change started, or one with no rows yet, is `.loading`.
    @Test func aPullOverTheRowsShownIsRefreshingAndAQueryChangeIsLoading() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.load(.refresh)
            #expect(store.state.contacts.refresh == .loading, "no rows yet: the first page loads")
            await clock.advance()
            live.load(.refresh)
            #expect(store.state.contacts.refresh == .refreshing, "pulled over the rows shown")
            await clock.advance()
            #expect(store.state.contacts.refresh == .loaded)
            store.update { $0.query = ContactQuery(favouritesOnly: true) }
            #expect(store.state.contacts.refresh == .loading, "a filter chosen: a new query loads")
            await clock.advance()
            live.load(.refresh)
            #expect(store.state.contacts.refresh == .refreshing)
            store.cancelAllWork()   // the view left
            #expect(store.state.contacts.refresh == .loaded, "called off: the spinner ends with it")
        }
    }

    @Test func theFirstPageShowsTheServersRowsAndCounts() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            #expect(store.state.contacts.refresh == .loading)
            await clock.advance()
            #expect(ids(store) == Array(1...10))
            #expect(store.state.contacts.origin == .network)
            #expect(store.state.contacts.refresh == .loaded)
            #expect(store.state.contacts.nextPage == .idle)
            #expect(store.state.contacts.counts[.favourites] == 15)
            #expect(records.value(for: 7) == server.contacts[6], "the page is merged into the records")
        }
    }

    @Test func nextPagesAppendWithNoRowTwiceAndReachTheEnd() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            await clock.advance()
            var applied = AppliedRows()
            _ = applied.update(to: store.state.contacts)   // a view shows the first page
            server.remove(3)   // deleted elsewhere before the next page: keyset paging skips nothing
            live.load(.next)
            live.load(.next)   // one on its way: nothing more
            await clock.advance()
            #expect(ids(store) == Array(1...20))
            var appended = ListDiff()
            appended.insertions = Array(10..<20)
            #expect(applied.update(to: store.state.contacts) == .apply(appended))
            for _ in 0..<3 {
                live.load(.next)
                await clock.advance()
            }
            #expect(ids(store) == Array(1...45), "3 stays until a refresh: the server's delete is not known here yet")
            #expect(store.state.contacts.nextPage == .reachedEnd)
            live.load(.next)
            await clock.advance()
            #expect(server.pageRequests == ["|false|-", "|false|10", "|false|20", "|false|30", "|false|40"])
        }
    }

    /// What `PagedList` (MVVMCore, removed in issue 51) promised, kept by the live query: a
    /// refresh calls a next page in flight off and starts over, a first page that finds nothing
    /// is loaded and empty, and a page size below one asks for one.
    @Test func aRefreshCallsANextPageInFlightOffAndAnEmptyFirstPageIsLoadedAndEmpty() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            await clock.advance()
            live.load(.next)
            #expect(store.state.contacts.nextPage == .loading)
            live.load(.refresh)   // pulled while page 2 is on its way
            #expect(store.state.contacts.nextPage == .idle)
            await clock.advance()
            #expect(server.pageRequests == ["|false|-", "|false|-"], "page 2 was never asked for")
            #expect(ids(store) == Array(1...10))
            live.load(.next)
            await clock.advance()
            #expect(ids(store) == Array(1...20), "the next page after the refresh is page 2")

            store.update { $0.query = ContactQuery(text: "nobody") }
            await clock.advance(by: .milliseconds(300))
            #expect(ids(store).isEmpty)
            #expect(store.state.contacts.refresh == .loaded && store.state.contacts.failure == nil)

            let tiny = StateStore(ContactListState(), clock: clock)
            let server = server
            let one = tiny.liveQuery(\.contacts, records: records, named: "tiny", query: \.query, pageSize: 0, rules: .contacts) { request in
                try server.page(request)
            }
            one.load(.refresh)
            await clock.advance()
            #expect(tiny.state.contacts.rows.map(\.id) == [1], "a page of one")
        }
    }

    @Test func aWriteShowsPendingWithItsCountThenTheServersAnswer() async throws {
        try await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            await clock.advance()
            server.isOnline = false
            records.write(.setFavourite(true, id: 1))
            #expect(store.state.contacts.rows[0].pending == .saving, "pending at once, shown once on disk")
            #expect(store.state.contacts.rows[0].record.isFavourite == false)
            await clock.advance()
            #expect(store.state.contacts.rows[0] == LiveRow(Contact(id: 1, name: "Zoë 1", isFavourite: true), pending: .saving))
            #expect(store.state.contacts.counts[.favourites] == 16, "the server's 15, moved by the pending write")

            try await delivering(records) {
                await clock.advance()
                #expect(store.state.contacts.rows[0].pending == .retrying, "the send failed; it is sent again")
                server.isOnline = true
                await clock.advance(by: .seconds(60))
                #expect(store.state.contacts.rows[0] == LiveRow(Contact(id: 1, name: "Zoë 1", isFavourite: true)))
                #expect(store.state.contacts.counts[.favourites] == 16, "the server's own figure, read again")
            }
        }
    }

    /// The store works each changed row out once per change for all the lists; a write made
    /// while the change is told (by a screen that hears of it first) must not leave the lists
    /// told after it with the row as it was before the write.
    @Test func aWriteMadeWhileAChangeIsToldShowsOnEveryList() async {
        await clock.perform {
            let records = makeRecords()
            let (first, firstLive) = makeList(records)
            firstLive.loadIfNeeded()
            await clock.advance()
            var hasWritten = false
            let token = records.observe { change in
                guard change.ids.contains(1), !hasWritten else { return }
                hasWritten = true
                records.write(.setFavourite(true, id: 1))
            }
            let (second, secondLive) = makeList(records)
            secondLive.loadIfNeeded()
            await clock.advance()
            server.isOnline = false
            records.merge([Contact(id: 1, name: "Zoë one", isFavourite: false)], readAt: records.beginRead())
            #expect(hasWritten)
            for store in [first, second] {
                #expect(store.state.contacts.rows[0] == LiveRow(Contact(id: 1, name: "Zoë one", isFavourite: false), pending: .saving))
            }
            await clock.advance()
            for store in [first, second] {
                #expect(store.state.contacts.rows[0] == LiveRow(Contact(id: 1, name: "Zoë one", isFavourite: true), pending: .saving))
            }
            _ = token
        }
    }

    @Test func aRefusedWriteTakesItsRowAndCountBackInOneUpdate() async throws {
        try await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            await clock.advance()
            server.refused = [3]
            var shown: [(favourite: Bool, count: Int?)] = []
            let token = store.subscribe(sendCurrent: false) { state in
                shown.append((state.contacts.rows[2].record.isFavourite, state.contacts.counts[.favourites]))
            }
            records.write(.setFavourite(false, id: 3))
            try await delivering(records) {
                await clock.advance()
            }
            _ = token
            #expect(shown.last?.favourite == true && shown.last?.count == 15)
            #expect(shown.contains { $0.favourite == false && $0.count == 14 }, "shown, then taken back")
            #expect(!shown.contains { $0.favourite == true && $0.count == 14 }, "never the row back without its count")
            #expect(!shown.contains { $0.favourite == false && $0.count == 15 })
        }
    }

    @Test func aFailedNextPageKeepsTheRowsAndARetryLoadsIt() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            await clock.advance()
            server.failNextPages(1)
            live.load(.next)
            await clock.advance()
            #expect(ids(store) == Array(1...10), "the rows stay")
            #expect(store.state.contacts.nextPage.failure != nil)
            #expect(store.state.contacts.refresh == .loaded)
            #expect(store.state.contacts.origin == .network)
            live.load(.retry)
            await clock.advance()
            #expect(ids(store) == Array(1...20))
            #expect(store.state.contacts.nextPage == .loaded)
        }
    }

    @Test func aSearchShowsAtOnceFromTheRowsLoadedThenTheServersAnswer() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            await clock.advance()
            store.update { $0.query = ContactQuery(text: "JOSE") }
            #expect(ids(store) == [5, 10], "diacritic- and case-insensitive, from the rows loaded, at once")
            #expect(server.pageRequests.count == 1, "the server is not asked by show")
            live.load(.refresh)
            await clock.advance()
            #expect(ids(store) == [5, 10, 15, 20, 25, 30, 35, 40, 45])
            store.update { $0.query = ContactQuery(text: "maria") }   // full-width on the server, plain here
            #expect(ids(store).isEmpty, "the loaded rows answer JOSE: none of them is María")
            live.load(.refresh)
            await clock.advance()
            #expect(ids(store) == [3, 8, 13, 18, 23, 28, 33, 38, 43])
        }
    }

    /// The filter's answers are kept while only the search text changes: typing over 100,000
    /// loaded rows runs no filter (`key-to-frame/100k-rows_search`), and a row a write changes is
    /// answered again, so the next keystroke shows it right.
    @Test func aKeystrokeRunsNoFilterAndAWriteIsAnsweredAgain() async {
        await clock.perform {
            let calls = Mutex(0)
            let counted = LiveQueryRules<Contact, ContactQuery>(searchText: \.text, order: { $0.id < $1.id }) { contact, query in
                calls.withLock { $0 += 1 }
                return LiveQueryRules.contacts.includes(contact, query)
            }
            let records = makeRecords()
            let store = StateStore(ContactListState(), clock: clock)
            let server = server
            let answering = Mutex(true), clock = clock
            let live = store.liveQuery(
                \.contacts, records: records, named: "contacts", query: \.query, pageSize: 10, rules: counted
            ) { request in
                if !answering.withLock({ $0 }) { try await clock.sleep(for: .seconds(3_600)) }   // held
                return try server.page(request)
            }
            live.loadIfNeeded()
            await clock.advance()
            // From here the server holds its answers: every query is answered from the 10 rows
            // loaded, as a keystroke is before its debounce ends.
            answering.withLock { $0 = false }
            store.update { $0.query = ContactQuery(favouritesOnly: true) }
            #expect(ids(store) == [3, 6, 9])
            calls.withLock { $0 = 0 }
            store.update { $0.query = ContactQuery(text: "chlo", favouritesOnly: true) }
            store.update { $0.query = ContactQuery(text: "chloe", favouritesOnly: true) }
            #expect(ids(store) == [9], "Chloé 4 is no favourite")
            #expect(calls.withLock { $0 } == 0, "a keystroke runs no filter")
            records.write(.setFavourite(true, id: 4))
            records.write(.setFavourite(false, id: 9))
            await clock.advance()   // on disk: shown
            #expect(ids(store) == [4])
            #expect(calls.withLock { $0 } == 4, "each changed row answered again, alone (marked pending, then on disk)")
            store.update { $0.query = ContactQuery(text: "chl", favouritesOnly: true) }
            #expect(ids(store) == [4], "the next keystroke shows the rows as the writes left them")
            store.update { $0.query = ContactQuery(text: "chl") }
            #expect(ids(store) == [4, 9], "another filter: answered again")
            #expect(calls.withLock { $0 } == 4 + 10, "each of the 10 loaded rows, once")
            _ = live
        }
    }

    @Test func offlineAQueryIsAnsweredFromEveryRecordSeenMarkedSaved() async {
        await clock.perform {
            await browse(pages: 3)   // 30 contacts seen
            // Started again, with the server gone.
            server.isOnline = false
            let records = makeRecords()
            let (store, live) = makeList(records, query: ContactQuery(text: "zoe"))
            live.loadIfNeeded()
            await clock.advance()
            #expect(ids(store) == [1, 6, 11, 16, 21, 26], "every Zoë seen, on any page, not only the first page's")
            #expect(store.state.contacts.origin?.savedAt != nil, "marked as the device's answer")
            #expect(store.state.contacts.refresh.failure != nil)
            #expect(store.state.contacts.counts[.favourites] == 15, "the last server count")
            server.isOnline = true
            live.load(.retry)
            await clock.advance()
            #expect(ids(store) == [1, 6, 11, 16, 21, 26, 31, 36, 41], "the server's answer replaces it")
            #expect(store.state.contacts.origin == .network)
        }
    }

    @Test func aRestartShowsTheSameRowsMarksAndCountsBeforeTheNetworkAnswers() async {
        await clock.perform {
            await browse(pages: 1) { records in records.write(.setFavourite(true, id: 2)) }
            server.isOnline = false
            let records = makeRecords()
            let (store, live) = makeList(records)
            await records.restore()
            live.loadIfNeeded()
            #expect(ids(store) == Array(1...10), "before the network answers")
            #expect(store.state.contacts.rows[1] == LiveRow(Contact(id: 2, name: "Anders 2", isFavourite: true), pending: .saving))
            #expect(store.state.contacts.origin?.savedAt != nil)
            #expect(store.state.contacts.refresh == .loading)
            await clock.advance()
            #expect(store.state.contacts.counts[.favourites] == 16, "the saved count, moved by the pending write")
            #expect(ids(store) == Array(1...10), "the server could not answer: the rows stay, saved")
        }
    }

    @Test func everyUpdatesChangesKeepATableViewInStep() async throws {
        try await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records, query: ContactQuery(favouritesOnly: true))
            let table = LiveListTable(store.state.contacts)
            let token = store.subscribe(sendCurrent: false) { state in table.show(state.contacts) }
            live.loadIfNeeded()
            await clock.advance()
            live.load(.next)
            await clock.advance()
            records.write(.setFavourite(false, id: 6))   // leaves the favourites
            records.write(.setFavourite(true, id: 7))    // joins them
            records.write(.delete(id: 9))
            await clock.advance()
            try await delivering(records) { await clock.advance() }
            store.update { $0.query = ContactQuery(text: "ander", favouritesOnly: true) }
            store.update { $0.query = ContactQuery(favouritesOnly: true) }
            _ = token
            #expect(table.problems == [])
            #expect(table.table.rows == Array(store.state.contacts.rows))
            #expect(ids(store) == [3, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45], "6 left, 9 deleted; 7 joins once the server lists it")
        }
    }

    /// A view that missed an update (an observation that coalesced two) reloads rather than
    /// apply changes that start from rows it never showed; rows it shows are left alone.
    @Test func aViewThatMissedAnUpdateReloads() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            live.loadIfNeeded()
            await clock.advance()
            var applied = AppliedRows()
            #expect(applied.update(to: store.state.contacts) == .reload, "the first time")
            #expect(applied.update(to: store.state.contacts) == .unchanged)
            live.load(.next)
            await clock.advance()
            live.load(.next)
            await clock.advance()
            #expect(ids(store) == Array(1...30))
            #expect(applied.update(to: store.state.contacts) == .reload, "the second page was never shown")
            store.update { $0.unrelated += 1 }
            #expect(applied.update(to: store.state.contacts) == .unchanged)
        }
    }

    /// Rows no live query made (a state written by hand, a preview) are never the start of a
    /// live query's changes: the view reloads.
    @Test func rowsWrittenByHandAreReloadedOver() async {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records)
            var byHand = LiveRows<Contact>()
            byHand.rows = [LiveRow(Contact(id: 99, name: "Preview", isFavourite: false))]
            var applied = AppliedRows()
            #expect(applied.update(to: byHand) == .reload)
            live.loadIfNeeded()
            await clock.advance()
            #expect(ids(store) == Array(1...10))
            #expect(applied.update(to: store.state.contacts) == .reload, "not the changes from no rows")
        }
    }

    /// The rows' changes reach a view once: a later update of the screen that moves no row (a
    /// picture arriving) hands the view nothing to apply, where applying the last insertions
    /// again would make UIKit raise.
    @Test func aLaterUpdateThatMovesNoRowHandsTheViewNoChangeAgain() async throws {
        await clock.perform {
            let records = makeRecords()
            let (store, live) = makeList(records, query: ContactQuery(favouritesOnly: true))
            let table = LiveListTable(store.state.contacts)
            let token = store.subscribe(sendCurrent: false) { state in table.show(state.contacts) }
            live.loadIfNeeded()
            await clock.advance()
            store.update { $0.unrelated += 1 }
            store.update { $0.unrelated += 1 }
            live.load(.next)
            await clock.advance()
            store.update { $0.unrelated += 1 }
            _ = token
            #expect(table.problems == [])
            #expect(table.table.rows == Array(store.state.contacts.rows))
            #expect(table.table.rows.count == 15, "both pages: every favourite")
        }
    }

    /// Renames move a record's text to a new place in the index, and thousands of them rebuild
    /// it: the device's answer stays exactly the records whose current name matches.
    @Test func thousandsOfRenamesKeepTheDevicesSearchExact() async {
        await clock.perform {
            let records = makeRecords()
            let contacts = (1...1500).map { Contact(id: $0, name: "Zoë \($0)", isFavourite: false) }
            records.merge(contacts, readAt: records.beginRead())
            for round in 0..<2 {
                records.merge(contacts.map { Contact(id: $0.id, name: ($0.id % 2 == round ? "José" : "Anders") + " \($0.id)", isFavourite: false) }, readAt: records.beginRead())
            }
            records.merge([], gone: [3, 5], readAt: records.beginRead())
            server.isOnline = false
            let (store, live) = makeList(records, query: ContactQuery(text: "jose"))
            live.loadIfNeeded()
            await clock.advance()
            #expect(ids(store) == [1, 7, 9, 11, 13, 15, 17, 19, 21, 23], "the current names only (odd ids: José), the gone ones left out")
            store.update { $0.query = ContactQuery(text: "zoe") }
            #expect(ids(store).isEmpty, "no old name is found")
            store.update { $0.query = ContactQuery(text: "anders 1500") }
            #expect(ids(store) == [1500])
        }
    }
}
