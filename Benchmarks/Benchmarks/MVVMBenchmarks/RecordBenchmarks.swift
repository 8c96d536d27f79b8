import Benchmark
import MVVMData
import UserListFeature

/// Workload 8 (issue 26, one source of truth): a page of 20 users arriving while 10,000 are
/// held, merged and announced to one list. Ours: `RecordStore.merge` (a dictionary by id, the
/// changed ids handed to one observer). The articles' way: the list's `[User]`, each row of the
/// page found with `firstIndex(where:)` and replaced, then the array handed to the list. Each
/// iteration merges 500 pages both ways (every other page flips the rows' flags, so every merge
/// changes 20 records); the figure is the time per page. The goal: p50 ≤ 50 µs.
func registerRecordBenchmarks() {
    let pages = 500
    comparison(
        "records/merge-20-into-10k",
        iterations: 20,
        check: { await MergeRun().check() },
        ours: { await MergeRun().ours(pages: pages) },
        baseline: { await MergeRun().baseline(pages: pages) }
    )
}

/// 10,000 users held both ways, and the pages that arrive.
@MainActor
final class MergeRun {
    let users: [User]
    let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()))
    var rows: [User]
    var announced = 0

    init() {
        users = (1...10_000).map { id in User(id: id, name: "User \(id)", email: "user\(id)@example.com", isActive: id % 3 != 0) }
        rows = users
        records.merge(users, readAt: records.beginRead())
    }

    /// The `index`-th page: 20 users from across the list, flipped on every other page.
    func page(_ index: Int) -> [User] {
        let start = (index * 389) % (users.count - 20)
        return users[start..<start + 20].map { user in
            var row = user
            if index % 2 == 0 { row.isActive.toggle() }
            return row
        }
    }

    func ours(pages: Int) -> Int {
        let pageList = (0..<pages).map(page)
        let token = records.observe { [unowned self] change in announced += change.ids.count }
        defer { token.cancel() }
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for page in pageList { records.merge(page, readAt: records.beginRead()) }
        }
        blackHole(announced)
        return nanoseconds(elapsed) / pages
    }

    func baseline(pages: Int) -> Int {
        let pageList = (0..<pages).map(page)
        var list: [User] = []
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for page in pageList {
                for user in page {
                    if let index = rows.firstIndex(where: { $0.id == user.id }) { rows[index] = user }
                }
                list = rows   // handed to the list
            }
        }
        blackHole(list.count)
        return nanoseconds(elapsed) / pages
    }

    /// Both ways hold the same users after the same pages.
    func check() -> String? {
        _ = ours(pages: 7)
        _ = baseline(pages: 7)
        let differing = rows.filter { records.value(for: $0.id) != $0 }
        return differing.isEmpty ? nil : "\(differing.count) users differ, first \(differing[0].id)"
    }
}
