import Benchmark
import DemoScreens
import MallocInterposerSwift
import MVVMCore
import MVVMTerminal
import Synchronization
import UserListFeature

/// Issue 27: avatars, the per-row resources of the user list, through the demo's real
/// `UserListScreen`, `UserListViewModel` and an `AvatarLoader` configured as the demo's
/// (`AvatarLoading`: at most 6 fetches at once, 8 MiB of decoded pictures), whose fetch asks a
/// modelled network (``AvatarNetwork``) for a 64×64 RGB identicon and decodes it with
/// `AvatarLoading.decode`.
///
/// - `avatars/page-down-10k_*`: PageDown held from the top of 10,000 users to the bottom (1,000
///   presses of 10 rows, a frame drawn after each), on a network that never answers, or answers
///   every fetch in flight after every N keys. Between keys the work the key started runs until
///   nothing more happens without the benchmark (``settleAvatarWork(_:loader:network:)``), as it
///   does while a terminal waits for the next repeated key, and the network reports the
///   fetches cancelled by a key once the key's own work is done (as `URLSession` reports a
///   cancelled task later, on its queue): the counts do not depend on time. They are checked:
///   a fetch starts only for a row in the window (the rows on screen ± the prefetch margin) of
///   the frame just drawn, so there are no more fetches than rows with a picture in such windows.
/// - `avatars/page-down-10k_network-never-answers_cancels-at-once`: the same on a network that
///   ends a cancelled fetch at once, on its own thread, while the key's work is still cancelling
///   the other rows that left. The loader ranks the new window's fetches before the key cancels
///   anything (`ResourceLoader.prioritize`), so a slot freed that way goes to a row of the new
///   window; before that, 248–608 fetches a run started for rows that had just left.
/// - `key-to-frame/10k-rows_avatars`: the key-to-frame move workload with the pictures loaded and
///   drawn in half blocks (the fetch hands over a decoded picture at once), against the same keys
///   without avatars in the same iteration: p50 and p99 both ways, and the ratio. Issue 27's
///   budget is p99 ≤ 4 ms.
/// - `avatars/memory-after-10k`: the loader's memory cache after all 10,000 rows scrolled by with
///   every fetch answered at once: never above its 8 MiB limit.
/// - `avatars/decode-64x64`: one 64×64 RGB PNG decoded by `AvatarLoading.decode` (MVVMPNG).
func registerAvatarBenchmarks() {
    for pace in [NetworkPace.never, .everyKeys(10), .everyKeys(1)] {
        registerPageDownBenchmark(pace, cancelsAtOnce: false)
    }
    registerPageDownBenchmark(.never, cancelsAtOnce: true)
    registerAvatarKeyToFrameBenchmark()
    registerAvatarMemoryBenchmark()
    registerAvatarDecodeBenchmark()
}

/// A demo user's picture address, as the demo server lists it: every user but each 7th has one.
func demoAvatarURL(_ id: Int) -> String? {
    id % 7 == 0 ? nil : "/api/users/\(id)/avatar"
}

// MARK: - Key to frame

private func registerAvatarKeyToFrameBenchmark() {
    func smaller(_ name: String) -> BenchmarkMetric {
        .custom(name, polarity: .prefersSmaller, useScalingFactor: false)
    }
    let p50 = smaller("avatars p50 (µs)"), p99 = smaller("avatars p99 (µs)")
    let plainP50 = smaller("no avatars p50 (µs)"), plainP99 = smaller("no avatars p99 (µs)")
    let p50Overhead = smaller("p50 overhead (%)")
    let bytes = smaller("avatars bytes/key"), plainBytes = smaller("no avatars bytes/key")
    let pictured = BenchmarkMetric.custom("avatar rows drawn as pictures (%)", polarity: .prefersLarger, useScalingFactor: false)
    let comparison = [ComparisonMetric.ours, ComparisonMetric.baseline, ComparisonMetric.overhead]
    Benchmark(
        "key-to-frame/10k-rows_avatars",
        configuration: .init(
            metrics: comparison + [p50, p99, plainP50, plainP99, p50Overhead, bytes, plainBytes, pictured],
            warmupIterations: 1,
            maxDuration: .seconds(30),
            maxIterations: 10,
            thresholds: ComparisonMetric.thresholds(for: comparison)
        )
    ) { benchmark in
        // Both ways in each iteration, in turn first.
        func plain() async -> KeyTimes? { await KeyToFrameRun(rows: 10_000).keyTimes(.move) }
        func withAvatars() async -> KeyTimes? {
            let decoded = try! AvatarLoading.decode(avatarPNG)
            let network = AvatarNetwork(answersAtOnce: true) { decoded }
            let loader = AvatarLoader(memoryLimit: AvatarLoading.memoryLimit, cost: { $0.byteCount }) { path in
                try await network.fetch(path)
            }
            return await KeyToFrameRun(rows: 10_000, avatars: loader).keyTimes(.move, settling: network)
        }
        let ours: KeyTimes?, floor: KeyTimes?
        if benchmark.currentIteration % 2 == 0 {
            ours = await withAvatars()
            floor = await plain()
        } else {
            floor = await plain()
            ours = await withAvatars()
        }
        guard let ours, let floor else {
            benchmark.error("key-to-frame/10k-rows_avatars: the avatar work did not settle between keys")
            return
        }
        benchmark.measurement(p50, percentile(ours.nanoseconds, 50) / 1000)
        benchmark.measurement(p99, percentile(ours.nanoseconds, 99) / 1000)
        benchmark.measurement(plainP50, percentile(floor.nanoseconds, 50) / 1000)
        benchmark.measurement(plainP99, percentile(floor.nanoseconds, 99) / 1000)
        benchmark.measurement(p50Overhead, percentile(ours.nanoseconds, 50) * 100 / max(1, percentile(floor.nanoseconds, 50)))
        benchmark.measurement(bytes, ours.bytesPerKey)
        benchmark.measurement(plainBytes, floor.bytesPerKey)
        benchmark.measurement(pictured, ours.picturedPercent)
        benchmark.recordComparison(ours: percentile(ours.nanoseconds, 99), baseline: percentile(floor.nanoseconds, 99), againstFloor: true)
        if ours.picturedPercent < 100 {
            benchmark.error("key-to-frame/10k-rows_avatars: only \(ours.picturedPercent)% of the avatar rows drawn were pictures")
        }
    }
}

/// The time of each key, the bytes written for its frame, and how many rows with a picture
/// showed it.
struct KeyTimes: Sendable {
    var nanoseconds: [Int]
    var bytesPerKey: Int
    /// Of the rows on screen whose user has a picture, over every frame timed: the percentage
    /// drawn as a picture (half blocks), not as the user's initial.
    var picturedPercent: Int
}

extension KeyToFrameRun {
    /// The nanoseconds each key of `kind` took, from the key to the bytes of the frame, with the
    /// rows loaded. With `network` (the avatars'), the work each key started (the pictures of
    /// rows coming into the window) runs between keys, untimed, as it does while `TerminalApp`
    /// waits for the next key; the first frame is drawn once the first pictures are in.
    ///
    /// - Returns: `nil` when the work never settled.
    func keyTimes(_ kind: KeyWorkload, settling network: AvatarNetwork? = nil) async -> KeyTimes? {
        await loadRows()
        var previous = renderFrame()
        if let network, let avatars {
            guard await settleAvatarWork(viewModel, loader: avatars, network: network) else { return nil }
            previous = renderFrame()
        }
        var times: [Int] = []
        var written = 0
        var avatarRows = 0, pictured = 0
        for key in keys(for: kind) {
            let (nanoseconds, frame, bytes) = timeKey(key, previous: previous)
            times.append(nanoseconds)
            written += bytes
            previous = frame
            if let network, let avatars {
                let (rows, pictures) = picturedRows(in: frame)
                avatarRows += rows
                pictured += pictures
                guard await settleAvatarWork(viewModel, loader: avatars, network: network) else { return nil }
            }
        }
        screen.willDisappear()
        if let network, let avatars { _ = await settleAvatarWork(viewModel, loader: avatars, network: network) }
        return KeyTimes(
            nanoseconds: times, bytesPerKey: written / max(1, times.count),
            picturedPercent: avatarRows == 0 ? 0 : pictured * 100 / avatarRows)
    }

    /// The rows on screen in `frame` whose user has a picture, and those drawn as one.
    private func picturedRows(in frame: Frame) -> (rows: Int, pictured: Int) {
        let users = viewModel.state.visibleUsers
        let offset = screen.ui.scrollOffset
        var rows = 0, pictured = 0
        for index in offset..<min(users.count, offset + size.height - 6) where users[index].avatarPath != nil {
            rows += 1
            let cell = frame[4 + index - offset, 1]
            if cell.character == "▀" || cell.character == "▄" { pictured += 1 }
        }
        return (rows, pictured)
    }
}

/// The `p`th percentile of `values` (nearest rank).
func percentile(_ values: [Int], _ p: Int) -> Int {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = (values.count * p + 99) / 100
    return sorted[min(sorted.count - 1, max(0, rank - 1))]
}

// MARK: - Memory

private func registerAvatarMemoryBenchmark() {
    let cost = BenchmarkMetric.custom("memory cost (bytes)", polarity: .prefersSmaller, useScalingFactor: false)
    let peakCost = BenchmarkMetric.custom("peak memory cost (bytes)", polarity: .prefersSmaller, useScalingFactor: false)
    let limit = BenchmarkMetric.custom("memory limit (bytes)", polarity: .prefersSmaller, useScalingFactor: false)
    let pictures = BenchmarkMetric.custom("pictures in memory", polarity: .prefersSmaller, useScalingFactor: false)
    let completed = BenchmarkMetric.custom("fetches completed", polarity: .prefersSmaller, useScalingFactor: false)
    let metrics = [cost, peakCost, limit, pictures, completed]
    Benchmark(
        "avatars/memory-after-10k",
        configuration: .init(
            metrics: metrics,
            warmupIterations: 0,
            maxDuration: .seconds(60),
            maxIterations: 3,
            thresholds: exactCounts(metrics)
        )
    ) { benchmark in
        let run = await PageDownRun(pace: .atOnce)
        let result: PageDownResult
        do {
            result = try await run.run()
        } catch {
            benchmark.error("avatars/memory-after-10k: \(error)")
            return
        }
        let statistics = result.statistics
        let memoryLimit = run.loader.memoryLimit
        benchmark.measurement(cost, statistics.memoryCost)
        benchmark.measurement(peakCost, statistics.peakMemoryCost)
        benchmark.measurement(limit, memoryLimit)
        benchmark.measurement(pictures, statistics.memoryCost / (64 * 64 * 4))
        benchmark.measurement(completed, result.fetchesCompleted)
        var failures = result.failure.map { [$0] } ?? []
        if statistics.peakMemoryCost > memoryLimit || statistics.memoryCost > memoryLimit {
            failures.append("the memory cache held \(statistics.peakMemoryCost) bytes at most, over its limit of \(memoryLimit)")
        }
        if result.fetchesCompleted < result.avatarRowsOnScreen {
            failures.append("\(result.fetchesCompleted) pictures fetched for \(result.avatarRowsOnScreen) rows with one on screen")
        }
        if !failures.isEmpty { benchmark.error("avatars/memory-after-10k: " + failures.joined(separator: "; ")) }
    }
}

// MARK: - Decode

private func registerAvatarDecodeBenchmark() {
    let perDecode = BenchmarkMetric.custom("ns per decode", polarity: .prefersSmaller, useScalingFactor: false)
    let perSecond = BenchmarkMetric.custom("decodes/s", polarity: .prefersLarger, useScalingFactor: false)
    let throughput = BenchmarkMetric.custom("decoded MiB/s (RGBA)", polarity: .prefersLarger, useScalingFactor: false)
    let mallocs = BenchmarkMetric.custom("mallocs per decode", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "avatars/decode-64x64",
        configuration: .init(
            metrics: [perDecode, perSecond, throughput, mallocs],
            warmupIterations: 1,
            maxDuration: .seconds(20),
            maxIterations: 20
        )
    ) { benchmark in
        if benchmark.currentIteration == 0, let problem = checkAvatarDecode() {
            benchmark.error("avatars/decode-64x64: \(problem)")
            return
        }
        let repetitions = 1000
        let nanoseconds = nanoseconds(repetitions: repetitions) { blackHole(try? AvatarLoading.decode(avatarPNG)) }
        benchmark.measurement(perDecode, nanoseconds)
        benchmark.measurement(perSecond, 1_000_000_000 / max(1, nanoseconds))
        benchmark.measurement(throughput, 64 * 64 * 4 * 1_000_000_000 / max(1, nanoseconds) / (1 << 20))
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        for _ in 0..<100 { blackHole(try? AvatarLoading.decode(avatarPNG)) }
        MallocInterposerSwift.unhook()
        benchmark.measurement(mallocs, MallocInterposerSwift.getStatistics().mallocCount / 100)
    }
}

/// Why the fixture does not decode to its known pixels, if it does not.
private func checkAvatarDecode() -> String? {
    let avatar: Avatar
    do {
        avatar = try AvatarLoading.decode(avatarPNG)
    } catch {
        return "the avatar does not decode: \(error)"
    }
    guard avatar.width == 64, avatar.height == 64, avatar.rgba.count == 64 * 64 * 4 else {
        return "decoded \(avatar.width)×\(avatar.height) (\(avatar.rgba.count) bytes), not 64×64"
    }
    // FNV-1a of Tests/MVVMPNGTests/Fixtures/avatar-64.rgba.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in avatar.rgba {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
    }
    return hash == 0xd0d4_68da_f947_d3eb ? nil : "decoded pixels differ from avatar-64.rgba (FNV-1a \(String(hash, radix: 16)))"
}

/// Tests/MVVMPNGTests/Fixtures/avatar-64.png: a 64×64 RGB identicon like the demo server's
/// (heuristic filters), 897 bytes.
let avatarPNG: [UInt8] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x40, 0x08, 0x02, 0x00, 0x00, 0x00, 0x25, 0x0b, 0xe6,
    0x89, 0x00, 0x00, 0x03, 0x48, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xd4, 0x88, 0x5a, 0xc0,
    0xc0, 0xc8, 0x30, 0x74, 0x11, 0x0b, 0x13, 0xc3, 0xd0, 0x06, 0xa3, 0x1e, 0x18, 0xf5, 0xc0, 0xa8,
    0x07, 0x46, 0x3d, 0x30, 0xdc, 0x3c, 0xb0, 0x37, 0x18, 0xca, 0xf8, 0xff, 0xff, 0x3f, 0x26, 0xc3,
    0x6d, 0x17, 0xf3, 0x60, 0xf4, 0xc0, 0x9e, 0x08, 0x46, 0x3c, 0x8e, 0x46, 0x66, 0xec, 0x72, 0xfb,
    0x0b, 0x17, 0xf1, 0xdc, 0xcf, 0x32, 0xf0, 0x1e, 0xd8, 0x1d, 0xcd, 0x44, 0xd0, 0xd1, 0xb8, 0x18,
    0xdb, 0x1c, 0x7e, 0x03, 0x19, 0x3e, 0x87, 0x58, 0x07, 0xc6, 0x03, 0x3b, 0x63, 0x99, 0xc8, 0x70,
    0x34, 0x26, 0x63, 0xb3, 0xed, 0x2f, 0x20, 0xc3, 0xff, 0x28, 0x1b, 0xfd, 0x3c, 0xb0, 0x3d, 0x9e,
    0x89, 0x42, 0x47, 0x63, 0x32, 0x36, 0x58, 0xfd, 0x04, 0x32, 0x82, 0x4e, 0xb0, 0x93, 0xea, 0x18,
    0x26, 0xa0, 0x5b, 0x48, 0x42, 0xdb, 0x13, 0xa8, 0xef, 0x7a, 0x38, 0x63, 0xad, 0xf9, 0x0f, 0x52,
    0xdd, 0x43, 0x9a, 0x07, 0xb6, 0x26, 0xd2, 0xd0, 0xf5, 0x10, 0xc6, 0x2a, 0xd3, 0xef, 0xb4, 0xf2,
    0xc0, 0xe6, 0x24, 0x9a, 0xbb, 0x1e, 0xc2, 0x58, 0x61, 0xf2, 0x9d, 0xfa, 0x1e, 0xd8, 0x98, 0x4c,
    0x27, 0xd7, 0x43, 0x18, 0x4b, 0x8d, 0xbe, 0x51, 0xd3, 0x03, 0xeb, 0x53, 0xe8, 0xea, 0x7a, 0x08,
    0x63, 0x91, 0xc1, 0x57, 0xea, 0x78, 0x60, 0x6d, 0xea, 0x00, 0xb8, 0x1e, 0xc2, 0x58, 0xa0, 0xff,
    0x95, 0x52, 0x0f, 0xac, 0x4e, 0x1b, 0x30, 0xd7, 0x43, 0x18, 0x73, 0x75, 0xbf, 0xe0, 0x77, 0x21,
    0x51, 0xf5, 0xc0, 0x40, 0xb9, 0x1e, 0x5a, 0xd2, 0x93, 0x5d, 0x0f, 0x2c, 0x4f, 0x67, 0x1a, 0x70,
    0xd7, 0x03, 0x19, 0x33, 0xb4, 0x3f, 0x93, 0x1f, 0x03, 0x03, 0xee, 0x7a, 0x82, 0x91, 0x80, 0x33,
    0x06, 0x16, 0x67, 0x30, 0x0d, 0x12, 0xd7, 0x03, 0x19, 0x93, 0x35, 0x3f, 0x91, 0x1c, 0x03, 0x44,
    0x1a, 0xad, 0x13, 0xd9, 0x0d, 0xd7, 0x72, 0x79, 0x59, 0x09, 0x91, 0xba, 0x8c, 0xe2, 0x27, 0xc2,
    0x75, 0x9d, 0x5d, 0x90, 0x47, 0x49, 0x24, 0x60, 0x8f, 0x81, 0x79, 0x19, 0x8c, 0xa4, 0xba, 0x1e,
    0x08, 0x74, 0xa3, 0x7a, 0x48, 0x75, 0x3d, 0x10, 0x18, 0x27, 0x4c, 0x22, 0x46, 0x57, 0x9f, 0xfa,
    0x47, 0x92, 0xf3, 0x00, 0x31, 0x01, 0x43, 0x4f, 0x5d, 0x4c, 0x24, 0x35, 0xa7, 0x07, 0x9b, 0xeb,
    0x81, 0x0c, 0x12, 0x3c, 0x40, 0x52, 0x26, 0xa3, 0x9b, 0x37, 0x98, 0x88, 0xcc, 0x03, 0x53, 0x33,
    0x88, 0x35, 0x11, 0x98, 0x6b, 0x91, 0xcd, 0xba, 0xb8, 0xa4, 0x88, 0x18, 0x5d, 0xc0, 0x5c, 0x8b,
    0xac, 0xeb, 0xf4, 0xbc, 0x1c, 0x22, 0xfd, 0xdc, 0xa2, 0xf2, 0x9e, 0xfa, 0xa5, 0xd0, 0xa5, 0xa5,
    0xc5, 0x64, 0x14, 0x8b, 0x67, 0xe6, 0xe7, 0x92, 0x57, 0xaa, 0x32, 0xd1, 0x22, 0x09, 0x0d, 0x6c,
    0x8d, 0x86, 0xc5, 0x03, 0x83, 0xd6, 0xf5, 0x58, 0xf3, 0x31, 0xa5, 0x49, 0x88, 0xce, 0x8c, 0xd1,
    0x24, 0x34, 0x9a, 0x84, 0x06, 0x4b, 0x12, 0x5a, 0x9e, 0x36, 0x03, 0xc2, 0x8d, 0x98, 0x99, 0x4e,
    0xa1, 0xcb, 0xd6, 0xe7, 0x2d, 0x80, 0x30, 0xfc, 0x27, 0xc4, 0x91, 0x91, 0x84, 0xb0, 0x54, 0x64,
    0x24, 0xd5, 0xa3, 0x2b, 0xd2, 0x67, 0x52, 0xc5, 0xf5, 0x44, 0x86, 0x1d, 0x51, 0x7d, 0xe2, 0x96,
    0xd9, 0xcc, 0x04, 0x0d, 0x02, 0x06, 0x3c, 0xdc, 0xca, 0x95, 0x19, 0xb3, 0x28, 0x77, 0x3d, 0x24,
    0xf8, 0xf1, 0xeb, 0x9a, 0x7a, 0x5f, 0x84, 0xd8, 0x4e, 0x3d, 0x31, 0xd6, 0x87, 0xcf, 0x48, 0x83,
    0x5b, 0xbf, 0x2a, 0x73, 0x36, 0xad, 0x5d, 0xcf, 0x40, 0xd2, 0xa8, 0x04, 0x19, 0x6d, 0x32, 0x88,
    0x1f, 0x68, 0x94, 0x72, 0xe0, 0x19, 0x80, 0xca, 0x6d, 0xa1, 0xb0, 0xe9, 0xa9, 0x70, 0x77, 0x03,
    0xc1, 0xea, 0xac, 0x39, 0x40, 0x32, 0x64, 0x6a, 0x32, 0x1e, 0x5d, 0x98, 0x4e, 0x07, 0x06, 0x3f,
    0x25, 0xcd, 0x69, 0xc6, 0x3a, 0x1c, 0x4b, 0x0d, 0x8a, 0x92, 0x7e, 0x13, 0x9f, 0x2a, 0x20, 0x4e,
    0x27, 0x15, 0x10, 0x99, 0x72, 0x20, 0x8c, 0x79, 0xf7, 0x45, 0xb1, 0xba, 0x13, 0x67, 0xa7, 0x9e,
    0xa4, 0x34, 0x1d, 0x3a, 0x2d, 0x85, 0xa6, 0xae, 0x67, 0xc0, 0x3d, 0xac, 0xc2, 0xd8, 0x84, 0x7b,
    0xb1, 0x47, 0x6e, 0xc2, 0x2f, 0x52, 0xb3, 0xe6, 0x9a, 0xec, 0xb9, 0x44, 0x3a, 0x9d, 0x24, 0x93,
    0x17, 0xdd, 0x13, 0x25, 0x73, 0xb1, 0x07, 0xa9, 0xe5, 0x63, 0xf0, 0x94, 0xa4, 0xc1, 0x32, 0x2e,
    0x04, 0x44, 0xd3, 0x17, 0xb2, 0x0d, 0x86, 0x46, 0xc4, 0xb2, 0xbb, 0xa2, 0x14, 0x8d, 0x8d, 0x0e,
    0xc2, 0x06, 0x1c, 0x09, 0x73, 0x64, 0x73, 0x16, 0xb3, 0x0f, 0xac, 0xeb, 0x57, 0xdf, 0x15, 0xa3,
    0x74, 0x7e, 0x60, 0xfe, 0x52, 0x8e, 0x81, 0x72, 0xfd, 0xda, 0x3b, 0x62, 0xd4, 0x99, 0xa1, 0x59,
    0xb4, 0x9c, 0x93, 0xfe, 0xae, 0x5f, 0x7f, 0x5b, 0x8c, 0x9a, 0x73, 0x64, 0x4b, 0x56, 0x70, 0xd2,
    0xd3, 0xf5, 0x1b, 0x6f, 0x89, 0x51, 0x7f, 0x96, 0x72, 0xf9, 0x2a, 0x2e, 0xfa, 0xb8, 0x7e, 0xf3,
    0x4d, 0x31, 0x5a, 0xcd, 0x13, 0xaf, 0x5a, 0xc3, 0x4d, 0x6b, 0xd7, 0x6f, 0xbd, 0x21, 0x46, 0xc3,
    0x89, 0x6e, 0x20, 0x5a, 0xb3, 0x96, 0x9b, 0x76, 0xae, 0xdf, 0x7e, 0x5d, 0x8c, 0x54, 0xf7, 0x90,
    0xb3, 0x56, 0x62, 0xfd, 0x7a, 0x1e, 0x60, 0x1d, 0x1e, 0xe0, 0xff, 0x99, 0x8a, 0xae, 0xdf, 0x71,
    0x05, 0xd4, 0x58, 0x60, 0x62, 0xa4, 0xe3, 0x6a, 0x95, 0x4d, 0x9b, 0x78, 0x81, 0x56, 0xfa, 0xfa,
    0x7c, 0xa2, 0xd0, 0xf5, 0xbb, 0x2e, 0x91, 0xe9, 0x74, 0xea, 0xac, 0x17, 0xda, 0xba, 0x95, 0x0f,
    0x68, 0xbd, 0x97, 0xe7, 0x47, 0x32, 0x5c, 0xbf, 0xe7, 0x02, 0x45, 0x4e, 0xa7, 0x8e, 0x07, 0xa0,
    0x09, 0x60, 0x07, 0x3f, 0xbc, 0x79, 0xe8, 0xe6, 0xfc, 0x1e, 0x8f, 0xa3, 0xf7, 0x9e, 0x16, 0x41,
    0x34, 0xe5, 0x19, 0xa9, 0x60, 0x35, 0xf5, 0xd7, 0xcc, 0xed, 0xd9, 0x27, 0x88, 0x67, 0xa9, 0x33,
    0x55, 0x1c, 0x4d, 0x5b, 0x0f, 0xd0, 0x19, 0x8c, 0x7a, 0x60, 0xa0, 0x01, 0x00, 0xc0, 0xb3, 0x18,
    0x55, 0xe0, 0x96, 0x34, 0xa8, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60,
    0x82,
]
