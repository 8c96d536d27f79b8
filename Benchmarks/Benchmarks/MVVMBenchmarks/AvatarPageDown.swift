import Benchmark
import DemoScreens
import MallocInterposerSwift
import MVVMCore
import MVVMTerminal
import Synchronization
import UserListFeature

// MARK: - Page down

/// When the modelled network answers the avatar fetches.
enum NetworkPace: Sendable, Hashable {
    /// Never within the run: every fetch waits until it is cancelled.
    case never
    /// Every fetch in flight is answered after every `n` keys (once the key's own work has run).
    case everyKeys(Int)
    /// At once: a fetch completes as soon as it starts.
    case atOnce

    var label: String {
        switch self {
        case .never: "network-never-answers"
        case .everyKeys(1): "network-answers-every-key"
        case .everyKeys(let n): "network-answers-every-\(n)-keys"
        case .atOnce: "network-answers-at-once"
        }
    }
}

func registerPageDownBenchmark(_ pace: NetworkPace, cancelsAtOnce: Bool) {
    let name = "avatars/page-down-10k_\(pace.label)" + (cancelsAtOnce ? "_cancels-at-once" : "")
    func count(_ name: String) -> BenchmarkMetric {
        .custom(name, polarity: .prefersSmaller, useScalingFactor: false)
    }
    let rowsPassed = BenchmarkMetric.custom("rows passed", polarity: .prefersLarger, useScalingFactor: false)
    let windowRows = BenchmarkMetric.custom("rows in a drawn window", polarity: .prefersLarger, useScalingFactor: false)
    let windowAvatarRows = BenchmarkMetric.custom("rows with an avatar in a drawn window", polarity: .prefersLarger, useScalingFactor: false)
    let started = count("fetches started")
    let cancelled = count("fetches cancelled")
    let dropped = count("requests dropped before starting")
    let completed = BenchmarkMetric.custom("fetches completed", polarity: .prefersLarger, useScalingFactor: false)
    let perThousand = count("fetches started per 1,000 rows passed")
    let onScreen = BenchmarkMetric.custom("started: rows on screen", polarity: .prefersLarger, useScalingFactor: false)
    let above = count("started: rows above the screen")
    let below = count("started: rows below the screen")
    let outside = count("started: rows outside the window")
    let pictured = BenchmarkMetric.custom("avatar rows drawn with their picture (%)", polarity: .prefersLarger, useScalingFactor: false)
    let neverDrawn = count("pictures fetched, never drawn")
    let peak = count("peak concurrent fetches")
    let metrics = [rowsPassed, windowRows, windowAvatarRows, started, cancelled, dropped, completed, perThousand,
                   onScreen, above, below, outside, pictured, neverDrawn, peak]
    Benchmark(
        name,
        configuration: .init(
            metrics: metrics,
            warmupIterations: 0,
            maxDuration: .seconds(60),
            maxIterations: 3,
            // Counts, not times: the same on any machine, so any change is one to look at.
            thresholds: cancelsAtOnce ? nil : exactCounts(metrics)
        )
    ) { benchmark in
        let result: PageDownResult
        do {
            result = try await PageDownRun(pace: pace, cancelsAtOnce: cancelsAtOnce).run()
        } catch {
            benchmark.error("\(name): \(error)")
            return
        }
        let statistics = result.statistics
        benchmark.measurement(rowsPassed, result.rowsPassed)
        benchmark.measurement(windowRows, result.rowsInDrawnWindows)
        benchmark.measurement(windowAvatarRows, result.avatarRowsInDrawnWindows)
        benchmark.measurement(started, statistics.fetchesStarted)
        benchmark.measurement(cancelled, statistics.fetchesCancelled)
        benchmark.measurement(dropped, statistics.requestsDroppedBeforeStarting)
        benchmark.measurement(completed, result.fetchesCompleted)
        benchmark.measurement(perThousand, statistics.fetchesStarted * 1000 / max(1, result.rowsPassed))
        benchmark.measurement(onScreen, result.startedOnScreen)
        benchmark.measurement(above, result.startedAbove)
        benchmark.measurement(below, result.startedBelow)
        benchmark.measurement(outside, result.startedOutsideWindow)
        benchmark.measurement(pictured, result.avatarRowsDrawnWithPicture * 100 / max(1, result.avatarRowsOnScreen))
        benchmark.measurement(neverDrawn, max(0, result.fetchesCompleted - result.avatarRowsDrawnWithPicture))
        benchmark.measurement(peak, statistics.peakConcurrentFetches)
        if let failure = result.failure { benchmark.error("\(name): \(failure)") }
    }
}

/// Tolerances for counts that do not depend on time: none, relative or absolute (a relative
/// one does not see a count leave 0), at the p90 that `benchmark thresholds check` reads
/// against `Thresholds/` (and at the p50 that comparisons of two baselines read too).
func exactCounts(_ metrics: [BenchmarkMetric]) -> [BenchmarkMetric: BenchmarkThresholds] {
    let exact = BenchmarkThresholds(relative: [.p50: 0, .p90: 0], absolute: [.p50: 0, .p90: 0])
    return Dictionary(uniqueKeysWithValues: metrics.map { ($0, exact) })
}

/// What one page-down run did.
struct PageDownResult: Sendable {
    var statistics: ResourceLoaderStatistics
    /// Distinct rows that were on screen in a drawn frame.
    var rowsPassed = 0
    /// Distinct rows that were in a drawn frame's window (on screen ± the prefetch margin), and
    /// those of them whose user has a picture.
    var rowsInDrawnWindows = 0
    var avatarRowsInDrawnWindows = 0
    /// Fetches the network answered (a picture decoded and handed to the loader).
    var fetchesCompleted = 0
    /// Where each started fetch's row was when it started: on screen, in the margin above or
    /// below, or outside the window (which must not happen).
    var startedOnScreen = 0
    var startedAbove = 0
    var startedBelow = 0
    var startedOutsideWindow = 0
    /// Rows with a picture on screen in the drawn frames (counted per row, once), and those of
    /// them drawn with their picture in some frame.
    var avatarRowsOnScreen = 0
    var avatarRowsDrawnWithPicture = 0
    /// What a check found wrong, if anything.
    var failure: String?
}

/// The work did not settle: something kept going without the benchmark (a bug), or never ended.
struct SettleFailure: Error, CustomStringConvertible {
    var description: String
}

/// PageDown held from the top of 10,000 users to the bottom on the demo's user list screen.
@MainActor
final class PageDownRun {
    static let rows = 10_000
    static let presses = 1_000
    let pace: NetworkPace
    /// Whether a fetch cancelled by a key ends at once, while the key's work goes on.
    let cancelsAtOnce: Bool
    let network: AvatarNetwork
    let loader: AvatarLoader
    let list: KeyToFrameRun

    init(pace: NetworkPace, cancelsAtOnce: Bool = false) {
        self.pace = pace
        self.cancelsAtOnce = cancelsAtOnce
        let network = AvatarNetwork(answersAtOnce: pace == .atOnce, cancelsAtOnce: cancelsAtOnce) {
            try AvatarLoading.decode(avatarPNG)
        }
        self.network = network
        // `AvatarLoading.loader(repository:)`'s loader, over the modelled network.
        loader = AvatarLoader(memoryLimit: AvatarLoading.memoryLimit, cost: { $0.byteCount }) { path in
            try await network.fetch(path)
        }
        list = KeyToFrameRun(rows: Self.rows, avatars: loader)
    }

    func run() async throws -> PageDownResult {
        await list.loadRows()
        let users = list.viewModel.state.visibleUsers
        guard users.count == Self.rows else { throw SettleFailure(description: "\(users.count) rows loaded, not \(Self.rows)") }
        let indexByID = Dictionary(uniqueKeysWithValues: users.enumerated().map { ($0.element.id, $0.offset) })
        let hasAvatar = users.map { $0.avatarPath != nil }
        let margin = list.viewModel.state.avatars.prefetchMargin
        let listHeight = list.size.height - 6   // `UserListView.listHeight(frameHeight:)`
        var onScreen = [Bool](repeating: false, count: users.count)
        var inWindow = [Bool](repeating: false, count: users.count)
        var pictured = [Bool](repeating: false, count: users.count)
        var result = PageDownResult(statistics: loader.statistics)
        var checked = 0   // fetches classified so far
        var visible = 0..<0
        var window = 0..<0
        var failures: [String] = []

        /// Records the rows a frame drew, as the screen reported them to the ViewModel.
        func drew(_ frame: Frame) {
            let offset = list.screen.ui.scrollOffset
            visible = offset..<min(users.count, offset + listHeight)
            window = max(0, visible.lowerBound - margin)..<min(users.count, visible.upperBound + margin)
            if list.viewModel.state.avatars.visibleRows != visible, failures.count < 5 {
                failures.append("the screen drew rows \(visible), the ViewModel was told \(list.viewModel.state.avatars.visibleRows)")
            }
            for index in window { inWindow[index] = true }
            for index in visible {
                onScreen[index] = true
                let cell = frame[4 + index - offset, 1]
                if cell.character == "▀" || cell.character == "▄" { pictured[index] = true }
            }
        }
        /// Lets the work settle, then sorts the fetches started meanwhile by where their rows are.
        func settle() async throws {
            guard await settleAvatarWork(list.viewModel, loader: loader, network: network) else {
                throw SettleFailure(description: "the avatar work did not settle (\(loader.statistics), \(network.counts))")
            }
            let started = network.startedPaths(from: checked)
            checked += started.count
            for path in started {
                guard let index = avatarUserID(path).flatMap({ indexByID[$0] }) else {
                    failures.append("a fetch of \(path), no row's picture")
                    continue
                }
                if visible.contains(index) {
                    result.startedOnScreen += 1
                } else if window.contains(index) {
                    if index < visible.lowerBound { result.startedAbove += 1 } else { result.startedBelow += 1 }
                } else {
                    result.startedOutsideWindow += 1
                    if !inWindow[index], failures.count < 5 { failures.append("a fetch for row \(index), never in a drawn window") }
                }
            }
        }

        var frame = list.renderFrame()   // the first frame: the top rows
        drew(frame)
        try await settle()
        for press in 1...Self.presses {
            _ = list.screen.handle(.pageDown)
            let next = list.renderFrame()
            blackHole(FrameRenderer.render(from: frame, to: next))
            frame = next
            drew(frame)
            try await settle()
            if case .everyKeys(let n) = pace, press % n == 0 {
                network.answerAll()
                try await settle()
            }
        }

        result.statistics = loader.statistics
        result.fetchesCompleted = network.counts.answered
        result.rowsPassed = onScreen.count { $0 }
        result.rowsInDrawnWindows = inWindow.count { $0 }
        result.avatarRowsInDrawnWindows = zip(inWindow, hasAvatar).count { $0.0 && $0.1 }
        result.avatarRowsOnScreen = zip(onScreen, hasAvatar).count { $0.0 && $0.1 }
        result.avatarRowsDrawnWithPicture = pictured.count { $0 }
        if visible.upperBound != users.count { failures.append("the run ended at rows \(visible), not at the bottom") }
        if result.statistics.fetchesStarted > result.avatarRowsInDrawnWindows {
            failures.append("\(result.statistics.fetchesStarted) fetches started for \(result.avatarRowsInDrawnWindows) rows with an avatar in a drawn window")
        }
        if result.startedOutsideWindow > 0, !cancelsAtOnce {
            failures.append("\(result.startedOutsideWindow) fetches started for rows outside the window")
        }
        if checked != result.statistics.fetchesStarted { failures.append("\(checked) fetches reached the network, \(result.statistics.fetchesStarted) started") }
        result.failure = failures.isEmpty ? nil : failures.joined(separator: "; ")

        // The screen goes away: what still waits is cancelled and ends.
        list.screen.willDisappear()
        _ = await settleAvatarWork(list.viewModel, loader: loader, network: network)
        return result
    }
}

/// The user id in a demo avatar address (`/api/users/42/avatar`).
private func avatarUserID(_ path: String) -> Int? {
    let parts = path.split(separator: "/")
    guard parts.count == 4, parts[0] == "api", parts[1] == "users", parts[3] == "avatar" else { return nil }
    return Int(parts[2])
}

/// Lets the avatar work started so far run, on the main actor and off it, until nothing more
/// happens without the benchmark; counts turns of the main actor, never time. The network
/// first ends the fetches cancelled meanwhile (``AvatarNetwork/endCancelled()``).
///
/// Settled means, for 8 turns in a row with nothing changing: every fetch the loader started
/// has reached the network; every fetch the network let go of (answered or cancelled) has
/// ended; and the network holds as many fetches as the loader may run for the rows still
/// loading (all of them, up to its limit), so the slots of ended fetches have been handed on.
/// (The one gap: a fetch that ended while no row waited for its slot may not have given the
/// slot back yet; it does before any later start can need it, so no count differs.)
///
/// - Returns: `false` when the work never settled within a million turns.
@MainActor
func settleAvatarWork(_ viewModel: UserListViewModel, loader: AvatarLoader, network: AvatarNetwork) async -> Bool {
    struct Snapshot: Equatable {
        var statistics: ResourceLoaderStatistics
        var counts: AvatarNetwork.Counts
        var loading: Int
    }
    var previous: Snapshot?
    var quiet = 0
    for _ in 0..<1_000_000 {
        network.endCancelled()
        await Task.yield()
        let snapshot = Snapshot(statistics: loader.statistics, counts: network.counts, loading: viewModel.state.avatars.loadingIDs.count)
        let counts = snapshot.counts
        let consistent = snapshot.statistics.fetchesStarted == counts.started
            && counts.started == counts.ended + counts.waiting + counts.cancelling
            && counts.waiting == min(loader.maximumConcurrentFetches, snapshot.loading)
        quiet = consistent && snapshot == previous ? quiet + 1 : 0
        previous = snapshot
        if quiet == 8 { return true }
    }
    return false
}
