import Benchmark
import DemoScreens
import Foundation
import MVVMCollections
import MVVMCore
import MVVMData
import MVVMTerminal
import UserListFeature

/// Workload 6 (issue 15's budget, issue 26's records): from a key press on the user list with
/// 10,000 (and 100,000, issue 38) loaded rows and 100 writes pending (offline: nothing is delivered) to the bytes
/// written for the frame, p99 ≤ 2 ms (issue 30; 4 ms before). Each key goes through the demo's real `UserListScreen`
/// and `UserListViewModel`, which reads its rows through `UserRecords` (the search keystroke
/// filters the loaded rows at once; the server query waits for a debounce that this run never
/// reaches; a toggle is shown at once, pending), then the screen renders and `FrameRenderer`
/// writes the difference: what `TerminalApp` does per key.
///
/// Baseline, the articles' way: the rows filtered with `localizedCaseInsensitiveContains` on
/// every keystroke, and the whole screen written again.
func registerKeyToFrameBenchmarks() {
    let p99 = BenchmarkMetric.custom("ours p99 (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let baselineP99 = BenchmarkMetric.custom("baseline p99 (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let bytes = BenchmarkMetric.custom("ours bytes/key", polarity: .prefersSmaller, useScalingFactor: false)
    for (rows, kind) in [10_000, 100_000].flatMap({ rows in KeyWorkload.allCases.map { (rows, $0) } }) {
        Benchmark(
            "key-to-frame/\(sizeLabel(rows))-rows_\(kind.rawValue)",
            configuration: .init(
                metrics: ComparisonMetric.all + [p99, baselineP99, bytes],
                warmupIterations: 1,
                maxDuration: .seconds(20),
                maxIterations: 10,
                thresholds: ComparisonMetric.thresholds(for: ComparisonMetric.all)
            )
        ) { benchmark in
            let result = await KeyToFrameRun(rows: rows).measure(kind)
            benchmark.measurement(p99, result.oursP99 / 1000)
            benchmark.measurement(baselineP99, result.baselineP99 / 1000)
            benchmark.measurement(bytes, result.bytesPerKey)
            benchmark.recordComparison(ours: result.oursP99, baseline: result.baselineP99)
        }
    }
}

/// The keys of one workload.
enum KeyWorkload: String, CaseIterable, Sendable {
    /// Typing "smith" into the search field and deleting it again.
    case search
    /// Moving the selection down and up through the list.
    case move
    /// Toggling the selected row's active flag and moving to the next row (each toggle stays
    /// pending: the run is offline).
    case toggle
}

/// The nanoseconds each key took, both ways, at the 99th percentile.
struct KeyToFrameResult: Sendable {
    var oursP99: Int
    var baselineP99: Int
    var bytesPerKey: Int
}

/// A user list screen with `rows` users loaded, driven key by key.
@MainActor
final class KeyToFrameRun {
    let viewModel: UserListViewModel
    let screen: UserListScreen
    /// Users with a write pending before the keys are pressed.
    static let pendingCount = 100
    let users: [User]
    let size = TerminalSize(width: 100, height: 40)
    /// Where the rows' pictures come from; `nil`: no pictures (each row draws its user's initial).
    let avatars: AvatarLoader?

    /// A list of `rows` users; with `avatars`, every user but each 7th has a picture (as the
    /// demo server's do) loaded through it.
    init(rows: Int, avatars: AvatarLoader? = nil) {
        let names = ["Ann Lee", "José Álvarez", "山田 太郎", "Zoë Müller", "Bob Smith", "Renée Taylor"]
        users = (1...rows).map { id in
            User(id: id, name: names[id % names.count], email: "user\(id)@example.com", isActive: id % 3 != 0,
                 avatarURL: avatars == nil ? nil : demoAvatarURL(id))
        }
        self.avatars = avatars
        let repository = LoadedUserRepository(users: users)
        // Offline: the writes wait in the outbox, pending; nothing delivers them.
        let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()))
        viewModel = UserListViewModel(repository: repository, records: records, avatars: avatars)
        // A row opened would be told to the app through the list's delegate: these keys open none.
        screen = UserListScreen(viewModel: viewModel)
    }

    func measure(_ kind: KeyWorkload) async -> KeyToFrameResult {
        await loadRows()
        let keys = keys(for: kind)
        var ours: [Int] = []
        var written = 0
        var previous = renderFrame()
        for key in keys {
            let (nanoseconds, frame, bytes) = timeKey(key, previous: previous)
            ours.append(nanoseconds)
            written += bytes
            previous = frame
        }
        let baseline = baselineTimes(keys)
        screen.willDisappear()
        return KeyToFrameResult(
            oursP99: percentile99(ours), baselineP99: percentile99(baseline), bytesPerKey: written / max(1, keys.count))
    }

    func loadRows() async {
        screen.didAppear()
        while viewModel.state.visibleUsers.count < users.count { await Task.yield() }
        // 100 users toggled earlier, offline: pending.
        for id in stride(from: 5_000, to: 5_000 + Self.pendingCount, by: 1) { viewModel.send(.toggleActiveTapped(userID: id)) }
        while viewModel.state.users.rows.lazy.filter({ $0.pending != nil }).count < Self.pendingCount { await Task.yield() }
    }

    func keys(for kind: KeyWorkload) -> [Key] {
        switch kind {
        case .search:
            let typing: [Key] = [.character("/")] + "smith".map { .character($0) } + Array(repeating: .backspace, count: 5)
            return Array(repeating: typing, count: 20).flatMap { $0 }
        case .move:
            return Array(repeating: Key.down, count: 150) + Array(repeating: Key.up, count: 150)
        case .toggle:
            return Array(repeating: [Key.character("t"), Key.down], count: 100).flatMap { $0 }
        }
    }

    func renderFrame() -> Frame {
        var frame = Frame(width: size.width, height: size.height)
        screen.render(into: &frame)
        return frame
    }

    /// One key the way `TerminalApp` handles it: the screen handles it, renders, and the
    /// difference is written.
    func timeKey(_ key: Key, previous: Frame) -> (Int, Frame, Int) {
        let clock = ContinuousClock()
        var frame = previous
        var count = 0
        let elapsed = clock.measure {
            _ = screen.handle(key)
            frame = renderFrame()
            count = FrameRenderer.render(from: previous, to: frame).count
        }
        return (nanoseconds(elapsed), frame, count)
    }

    /// The articles' way for the same keys: every keystroke filters all rows with
    /// `localizedCaseInsensitiveContains`, and the whole screen is written.
    private func baselineTimes(_ keys: [Key]) -> [Int] {
        let clock = ContinuousClock()
        var text = ""
        var state = viewModel.state
        var times: [Int] = []
        for key in keys {
            let elapsed = clock.measure {
                switch key {
                case .character("/"), .down, .up, .character("t"): break
                case .character(let character): text.append(character)
                case .backspace: text = String(text.dropLast())
                default: break
                }
                state.searchText = text
                state.users.rows = ChunkedArray((text.isEmpty ? users : users.filter {
                    $0.name.localizedCaseInsensitiveContains(text) || $0.email.localizedCaseInsensitiveContains(text)
                }).map { LiveRow($0) })
                var frame = Frame(width: size.width, height: size.height)
                UserListView.render(state, ui: screen.ui, into: &frame)
                blackHole(FrameRenderer.render(from: nil, to: frame))
            }
            times.append(nanoseconds(elapsed))
        }
        return times
    }
}

/// The 99th percentile of `values` (nearest rank).
func percentile99(_ values: [Int]) -> Int {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
}

/// Every user in one page, at once; writes answer at once.
struct LoadedUserRepository: UserRepository {
    let users: [User]

    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        UserPage(users: cursor == nil ? users : [], total: users.count, nextCursor: nil)
    }

    func user(id: Int) async throws(UserError) -> User {
        guard let user = users.first(where: { $0.id == id }) else { throw .notFound }
        return user
    }

    func stats() async throws(UserError) -> UserStats {
        UserStats(total: users.count, active: users.count { $0.isActive })
    }

    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User? {
        write.applied(to: users.first { $0.id == write.recordID })
    }
}
