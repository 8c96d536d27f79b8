import Benchmark
import Foundation
import MVVMCore
import MVVMData
import MVVMGRDB
import UserListFeature

/// Issue 52, records at scale: 1,000,000 users on the device. Ours: the store reads on demand
/// from an `SQLiteRecordStorage` (the users' fields and folded search text in columns, an FTS5
/// trigram index). The baseline: the in-memory engine the store used before (every user read into
/// memory at start and searched there), in the same run.
///
/// - `records/offline-keystroke-1m`: a search keystroke on an offline list, answered on the
///   device (the text typed a character at a time, `u` to `user999993.`): from the keystroke to
///   the rows in the screen's state. Goal: ≤ 16 ms p95.
/// - `records/open-1m`: a start, from opening the file to the store restored (ours: the pending
///   writes' records; the baseline: every user read and indexed). Goal: ≤ 50 ms.
///
/// - `records/one-change-reaches-20-queries-1m`: the server's answer to one write (a user whose
///   active flag flipped) merged, and every one of 20 lists on screen (3 pages of 50 each)
///   updated. Goal: ≤ 2 ms p95.
/// - `records/page-of-50-reaches-20-queries-1m`: a page of 50 such users merged. Goal: ≤ 2 ms p95.
///
/// The file is made once (about a minute) and kept in `Benchmarks/.build/records-1m/`.
func registerRecordsAtScaleBenchmarks() {
    comparison(
        "records/one-change-reaches-20-queries-1m",
        iterations: 20,
        ours: { await ScaleRun.shared.oursMerge(ids: [1], repetitions: 20) },
        baseline: { await ScaleRun.shared.baselineMerge(ids: [1], repetitions: 20) }
    )
    comparison(
        "records/page-of-50-reaches-20-queries-1m",
        iterations: 20,
        ours: { await ScaleRun.shared.oursMerge(ids: ScaleRun.pageIDs, repetitions: 10) },
        baseline: { await ScaleRun.shared.baselineMerge(ids: ScaleRun.pageIDs, repetitions: 10) }
    )
    comparison(
        "records/offline-keystroke-1m",
        iterations: 40,
        ours: { await ScaleRun.shared.oursKeystroke() },
        baseline: { await ScaleRun.shared.baselineKeystroke() }
    )
    comparison(
        "records/open-1m",
        iterations: 3,
        ours: { await ScaleRun.shared.oursOpen() },
        baseline: { await ScaleRun.shared.baselineOpen() }
    )
}

@MainActor
final class ScaleRun {
    static let shared = ScaleRun()
    nonisolated static let count = 1_000_000
    typealias Query = UserListState.Query

    struct ListState: Equatable, Sendable {
        var query = Query()
        var users = LiveRows<User>()
    }

    /// The texts a keystroke cycles through: a deep user's search, typed.
    static let texts = ["u", "us", "use", "user", "user9", "user99", "user999", "user9999", "user99999", "user999993", "user999993."]

    let path: String
    var keystrokes = 0
    var baselineKeystrokes = 0
    private var ours: (store: StateStore<ListState>, live: LiveQuery<UserWrite, Query, Int>, records: UserRecords)?
    private var baseline: (store: StateStore<ListState>, live: LiveQuery<UserWrite, Query, Int>, records: UserRecords)?
    /// The rows each text shows, by the baseline: what ours must show.
    private var expected: [String: [Int]] = [:]
    /// 20 lists on screen over each store, 3 pages each.
    private var oursLists: [StateStore<ListState>] = []
    private var baselineLists: [StateStore<ListState>] = []
    private var liveLists: [AnyObject] = []
    /// 50 users on every list of their filter, from the top of the lists.
    static let pageIDs = (1...50).map { $0 * 3 - 2 }

    init() {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../.build/records-1m")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appending(path: "users-\(Self.count).sqlite").path
    }

    nonisolated static func user(_ id: Int) -> User {
        User(id: id, name: "User \(id)", email: "user\(id).demo@example.com", isActive: id % 3 != 0)
    }

    /// The file of 1,000,000 users, indexed, made once.
    private func makeFile() async {
        let done = path + ".done"
        guard !FileManager.default.fileExists(atPath: done) else { return }
        try? FileManager.default.removeItem(atPath: path)
        let storage = try! SQLiteRecordStorage(path: path, kind: "users")
        let encoder = JSONEncoder()
        for start in stride(from: 1, through: Self.count, by: 20_000) {
            let batch = (start..<min(start + 20_000, Self.count + 1)).map { id in
                let user = Self.user(id)
                return SavedRecord(
                    id: try! encoder.encode(id), value: try! encoder.encode(user),
                    learnt: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)), index: RecordSearch<User>.users.index(of: user))
            }
            try! await storage.save(batch)
        }
        try! storage.close()
        _ = FileManager.default.createFile(atPath: done, contents: nil)
    }

    private func offlineList(_ records: UserRecords) -> (StateStore<ListState>, LiveQuery<UserWrite, Query, Int>) {
        let store = StateStore(ListState())
        let live: LiveQuery<UserWrite, Query, Int> = store.liveQuery(\.users, records: records, named: "users", query: \.query, pageSize: 50, rules: .users) { _ in
            throw URLError(.notConnectedToInternet)
        }
        live.loadIfNeeded()
        return (store, live)
    }

    private func setUp() async {
        guard ours == nil else { return }
        await makeFile()
        let storage = try! SQLiteRecordStorage(path: path, kind: "users")
        let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()), storage: storage, search: .users)
        let (store, live) = offlineList(records)
        ours = (store, live, records)
        let inMemory = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()), search: .users)
        inMemory.merge((1...Self.count).map(Self.user), readAt: inMemory.beginRead())
        let (baselineStore, baselineLive) = offlineList(inMemory)
        baseline = (baselineStore, baselineLive, inMemory)
        for text in Self.texts {
            baselineStore.update { $0.query.text = text }
            expected[text] = baselineStore.state.users.rows.map(\.id)
        }
        await until { store.state.users.rows.count == 50 }
        oursLists = await lists(over: records)
        baselineLists = await lists(over: inMemory)
    }

    /// 20 lists over `records` (every filter, with several search texts), each with 3 pages from
    /// a server of the same users.
    private func lists(over records: UserRecords) async -> [StateStore<ListState>] {
        var stores: [StateStore<ListState>] = []
        for text in ["", "user", "example", "@", ".com", "user1", "e"] {
            for filter in UserFilter.allCases where stores.count < 20 {
                let store = StateStore(ListState(query: Query(text: text, filter: filter)))
                let live: LiveQuery<UserWrite, Query, Int> = store.liveQuery(\.users, records: records, named: "users", query: \.query, pageSize: 50, rules: .users) { request in
                    let text = request.query.text.lowercased()
                    let found = ((request.cursor ?? 0) + 1...Self.count).lazy.map(Self.user)
                        .filter { request.query.filter.includes($0) && (text.isEmpty || $0.email.contains(text)) }
                    let page = Array(found.prefix(request.size))
                    return LivePage(records: page, nextCursor: page.last?.id)
                }
                live.loadIfNeeded()
                await until { store.state.users.refresh == .loaded }
                for _ in 0..<2 {
                    live.load(.next)
                    await until { !store.state.users.nextPage.isLoading }
                }
                stores.append(store)
                liveLists.append(live)
            }
        }
        return stores
    }

    /// The server's new value of user `id`: its active flag flipped.
    private func changed(_ id: Int, in records: UserRecords) -> User {
        var user = records.value(for: id) ?? Self.user(id)
        user.isActive.toggle()
        return user
    }

    func oursMerge(ids: [Int], repetitions: Int) async -> Int {
        await setUp()
        guard let records = ours?.records else { return 0 }
        return merge(ids, into: records, repetitions: repetitions)
    }

    func baselineMerge(ids: [Int], repetitions: Int) async -> Int {
        await setUp()
        guard let records = baseline?.records else { return 0 }
        return merge(ids, into: records, repetitions: repetitions)
    }

    private func merge(_ ids: [Int], into records: UserRecords, repetitions: Int) -> Int {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<repetitions { records.merge(ids.map { changed($0, in: records) }, readAt: records.beginRead()) }
        }
        return nanoseconds(elapsed) / repetitions
    }

    /// Yields the main actor until `done`, for at most 10 seconds.
    private func until(_ done: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done(), ContinuousClock.now < deadline { await Task.yield() }
    }

    func oursKeystroke() async -> Int {
        await setUp()
        guard let (store, _, _) = ours else { return 0 }
        let text = Self.texts[keystrokes % Self.texts.count]
        keystrokes += 1
        let expected = expected[text] ?? []
        let clock = ContinuousClock()
        let elapsed = await clock.measure {
            store.update { $0.query.text = text }
            await until { store.state.users.rows.map(\.id) == expected }
        }
        return nanoseconds(elapsed)
    }

    func baselineKeystroke() async -> Int {
        await setUp()
        guard let (store, _, _) = baseline else { return 0 }
        let text = Self.texts[baselineKeystrokes % Self.texts.count]
        baselineKeystrokes += 1
        return nanoseconds(ContinuousClock().measure { store.update { $0.query.text = text } })
    }

    func oursOpen() async -> Int {
        await makeFile()
        let clock = ContinuousClock()
        return nanoseconds(await clock.measure {
            let storage = try! SQLiteRecordStorage(path: path, kind: "users")
            let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()), storage: storage, search: .users)
            await records.restore()
        })
    }

    func baselineOpen() async -> Int {
        await makeFile()
        let clock = ContinuousClock()
        // The engine before: every user read into memory at start, and indexed for search.
        let search = RecordSearch<User>(options: [.diacriticInsensitive, .widthInsensitive]) { "\($0.name) \($0.email)" }
        return nanoseconds(await clock.measure {
            let storage = try! SQLiteRecordStorage(path: path, kind: "users")
            let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()), storage: storage, search: search)
            await records.restore()
        })
    }
}
