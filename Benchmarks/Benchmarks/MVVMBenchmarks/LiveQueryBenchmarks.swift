import Benchmark
import Foundation
import MVVMCore
import MVVMData
import UserListFeature

/// Issue 38, live queries over 100,000 users held by one `UserRecords`, with 20 lists on screen
/// (each a `LiveQuery` with 3 pages of 50 rows: every filter with several search texts).
///
/// - `live/one-change-reaches-20-queries-100k`: the server's answer to one write (a merge of one
///   user whose active flag flipped: on every list of all users, it leaves one filter's lists and
///   joins the other's) reaches every list. Ours: each list updates that row in
///   place. The articles' way: each list maps its page ids through the records again and filters
///   them. Goal: ≤ 2 ms p95 for all 20.
/// - `live/page-of-50-reaches-20-queries-100k`: a page of 50 users whose flags flipped merged,
///   every list updated. Goal: ≤ 1 ms p95.
/// - `live/offline-keystroke-100k`: a search keystroke answered on the device from every user
///   seen. Ours: the store's search index, then the rules. The articles' way: every user's text
///   searched with `range(of:options:)` (case-, diacritic- and width-insensitive). Goal: ≤ 16 ms p95.
func registerLiveQueryBenchmarks() {
    comparison(
        "live/one-change-reaches-20-queries-100k",
        iterations: 20,
        check: { await LiveRun.shared.check() },
        ours: { await LiveRun.shared.oursOneChange(repetitions: 50) },
        baseline: { await LiveRun.shared.baselineOneChange(repetitions: 50) }
    )
    comparison(
        "live/page-of-50-reaches-20-queries-100k",
        iterations: 20,
        ours: { await LiveRun.shared.oursPage(repetitions: 20) },
        baseline: { await LiveRun.shared.baselinePage(repetitions: 20) }
    )
    comparison(
        "live/offline-keystroke-100k",
        iterations: 10,
        ours: { await LiveRun.shared.oursKeystroke() },
        baseline: { await LiveRun.shared.baselineKeystroke() }
    )
}

/// One setup for the three workloads: 100,000 users, 20 live lists with 150 rows each, and an
/// offline list answering from the device.
@MainActor
final class LiveRun {
    static let shared = LiveRun()
    typealias Query = UserListState.Query

    struct ListState: Equatable, Sendable {
        var query: Query
        var users = LiveRows<User>()
    }

    let users: [User]
    let records: UserRecords
    /// The same users, for the articles' way: no live query follows them.
    let baselineRecords: UserRecords
    var lists: [(store: StateStore<ListState>, live: LiveQuery<UserWrite, Query, Int>, query: Query)] = []
    /// The articles' way: each list's page ids, and the rows it shows.
    var baselineLists: [(ids: [Int], query: Query, rows: [User])] = []
    let offline: (store: StateStore<ListState>, live: LiveQuery<UserWrite, Query, Int>)
    var flips = 0
    var ready = false

    init() {
        users = (1...100_000).map { id in
            User(id: id, name: ["José Álvarez", "Zoë Müller", "山田 太郎", "Anders Ångström"][id % 4] + " \(id)", email: "user\(id)@example.com", isActive: id % 3 != 0)
        }
        let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()), search: .users)
        records.merge(users, readAt: records.beginRead())
        self.records = records
        baselineRecords = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()))
        baselineRecords.merge(users, readAt: baselineRecords.beginRead())
        let all = users
        func makeList(_ query: Query, online: Bool) -> (store: StateStore<ListState>, live: LiveQuery<UserWrite, Query, Int>) {
            let store = StateStore(ListState(query: query))
            let live: LiveQuery<UserWrite, Query, Int> = store.liveQuery(\.users, records: records, named: "users", query: \.query, pageSize: 50, rules: .users) { request in
                guard online else { throw URLError(.notConnectedToInternet) }
                let text = request.query.text.lowercased()
                let found = all.lazy.filter { $0.id > (request.cursor ?? 0) && request.query.filter.includes($0) && (text.isEmpty || $0.email.contains(text)) }
                let page = Array(found.prefix(request.size))
                return LivePage(records: page, nextCursor: page.last?.id)
            }
            return (store, live)
        }
        let texts = ["", "user", "example", "@", ".com", "user1", "e"]
        var queries: [Query] = []
        for text in texts { for filter in UserFilter.allCases { queries.append(Query(text: text, filter: filter)) } }
        var lists: [(store: StateStore<ListState>, live: LiveQuery<UserWrite, Query, Int>, query: Query)] = []
        for query in queries.prefix(20) {
            let list = makeList(query, online: true)
            lists.append((list.store, list.live, query))
        }
        self.lists = lists
        offline = makeList(Query(), online: false)
    }

    /// Loads 3 pages of every list (once).
    func prepare() async {
        guard !ready else { return }
        ready = true
        for list in lists {
            list.live.loadIfNeeded()
            await settle(list.store)
            for _ in 0..<2 {
                list.live.load(.next)
                await settle(list.store)
            }
            baselineLists.append((list.store.state.users.rows.map(\.id), list.query, []))
        }
        offline.live.loadIfNeeded()
        await settle(offline.store)
    }

    private func settle(_ store: StateStore<ListState>) async {
        while store.state.users.refresh.isLoading || store.state.users.nextPage.isLoading || !store.isIdle {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// The server's new value of user `id`: its active flag flipped (what a write's answer or a
    /// refreshed page brings), so the user leaves the lists of one filter and joins the other's.
    private func changed(_ id: Int, in store: UserRecords) -> User {
        var user = store.value(for: id) ?? users[id - 1]
        user.isActive.toggle()
        return user
    }

    func oursOneChange(repetitions: Int) async -> Int {
        await prepare()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<repetitions { records.merge([changed(1, in: records)], readAt: records.beginRead()) }
        }
        return nanoseconds(elapsed) / repetitions
    }

    func baselineOneChange(repetitions: Int) async -> Int {
        await prepare()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<repetitions {
                baselineRecords.merge([changed(1, in: baselineRecords)], readAt: baselineRecords.beginRead())
                remapBaseline()
            }
        }
        return nanoseconds(elapsed) / repetitions
    }

    /// 50 users on every list of its filter, from the top of the lists.
    static let pageIDs = (1...50).map { $0 * 3 - 2 }

    func oursPage(repetitions: Int) async -> Int {
        await prepare()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<repetitions {
                records.merge(Self.pageIDs.map { changed($0, in: records) }, readAt: records.beginRead())
            }
        }
        return nanoseconds(elapsed) / repetitions
    }

    func baselinePage(repetitions: Int) async -> Int {
        await prepare()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<repetitions {
                baselineRecords.merge(Self.pageIDs.map { changed($0, in: baselineRecords) }, readAt: baselineRecords.beginRead())
                remapBaseline()
            }
        }
        return nanoseconds(elapsed) / repetitions
    }

    /// Each list maps its page ids through the records and filters them, as a list without a
    /// live query does on every change.
    private func remapBaseline() {
        for index in baselineLists.indices {
            let list = baselineLists[index]
            let text = list.query.text
            baselineLists[index].rows = list.ids.compactMap { baselineRecords.value(for: $0) }.filter { user in
                list.query.filter.includes(user) && (text.isEmpty || "\(user.name) \(user.email)".range(of: text, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) != nil)
            }
        }
        blackHole(baselineLists.count)
    }

    static let keystrokes = ["j", "jo", "jos", "josé", "user9", "user99", "müll", "山田", "anders 1", "example"]

    func oursKeystroke() async -> Int {
        await prepare()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            // A keystroke: the rows filtered at once (the debounced request is only scheduled).
            for text in Self.keystrokes { offline.store.update { $0.query = Query(text: text) } }
        }
        blackHole(offline.store.state.users.rows.count)
        return nanoseconds(elapsed) / Self.keystrokes.count
    }

    func baselineKeystroke() async -> Int {
        await prepare()
        let all = users
        var shown: [User] = []
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for text in Self.keystrokes {
                shown = Array(all.filter { "\($0.name) \($0.email)".range(of: text, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) != nil }.prefix(50))
            }
        }
        blackHole(shown.count)
        return nanoseconds(elapsed) / Self.keystrokes.count
    }

    /// Every list shows what the baseline computes for it.
    func check() async -> String? {
        await prepare()
        records.merge([changed(1, in: records)], readAt: records.beginRead())
        baselineRecords.merge([changed(1, in: baselineRecords)], readAt: baselineRecords.beginRead())
        remapBaseline()
        for (index, list) in lists.enumerated() where list.store.state.users.records != baselineLists[index].rows {
            return "list \(index) (\(list.query)) differs"
        }
        return nil
    }
}
