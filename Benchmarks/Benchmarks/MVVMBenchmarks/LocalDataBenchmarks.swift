import Benchmark
import Foundation
import MVVMCore
import MVVMData
import MVVMGRDB
import UserListFeature
import WeatherFeature

/// Workload 7 (issue 16, offline data): what keeping data on the device costs.
///
/// - `store/…`: one 1 KiB entry written to and read from a `CacheStore` (`FileCacheStore`:
///   temporary file, `fsync`, rename, `fsync` of the folder; `SQLiteCacheStore`: one WAL
///   transaction), against the plain way: `Data.write(to:options: .atomic)` and
///   `Data(contentsOf:)`. The plain write is not fsync-free: swift-foundation fsyncs its
///   temporary file before the rename (not the folder), so writes also report `no fsync (ns)`,
///   the same bytes written and renamed with no fsync at all.
/// - `local-data/…`: `LocalDataSource.save` and `saved` of a forecast (3 days, about 1 KiB of
///   JSON) and a page of 20 users (about 3 KiB), over each store, against what an article's
///   LocalDataSource does: `JSONEncoder().encode` + `Data.write(to:options: .atomic)`, and
///   `Data(contentsOf:)` + `JSONDecoder().decode`.
/// - `outbox/…`: an `Outbox` replaying N queued writes to a `send` that returns at once, and the
///   cost of one `enqueue`. `FileOutboxStorage` appends to a journal (a done mark per delivered
///   write), so the cost per write must not grow with N: N = 100, 1,000 and 10,000 show it.
///
/// Every per-value workload records each single operation as one sample (both ways, alternating),
/// so p50 and p99 are per value; `overhead (%)` is ours ÷ plain for each pair. Each iteration
/// works in a temporary folder of its own, removed when it ends.
func registerLocalDataBenchmarks() {
    let entry = CacheEntry(data: Data(repeating: 0x7B, count: 1024), savedAt: Date(), schemaVersion: 1)
    for kind in [StoreKind.file, .sqlite] {
        // Also timed: the same bytes written and renamed into place with no fsync at all, the
        // floor (Foundation's `.atomic` write fsyncs its temporary file on Linux).
        perValueComparison("store/write/1KiB/\(kind)", iterations: kind.isDurable ? 3 : 5, samples: kind.isDurable ? 40 : 400) { folder in
            let store = try kind.makeStore(in: folder)
            let url = folder.appendingPathComponent("plain/entry.bin")
            let unsynced = folder.appendingPathComponent("plain/unsynced.bin").path
            return PerValueSides(
                ours: { try await store.save(entry, for: "entry/1") },
                baseline: { try entry.data.write(to: url, options: .atomic) },
                floor: { try writeWithoutSync(entry.data, to: unsynced) },
                close: { try await kind.close(store) }
            )
        }
        perValueComparison("store/read/1KiB/\(kind)", iterations: 5, samples: 400) { folder in
            let store = try kind.makeStore(in: folder)
            let url = folder.appendingPathComponent("plain/entry.bin")
            try await store.save(entry, for: "entry/1")
            try entry.data.write(to: url, options: .atomic)
            guard try await store.entry(for: "entry/1") == entry else { throw BenchmarkFailure("the store reads back another entry") }
            return PerValueSides(
                ours: { blackHole(try await store.entry(for: "entry/1")) },
                baseline: { blackHole(try Data(contentsOf: url)) },
                close: { try await kind.close(store) }
            )
        }
    }

    registerLocalDataSourceBenchmarks(SavedValues.forecast, name: "forecast", key: "forecast/130010")
    registerLocalDataSourceBenchmarks(SavedValues.userPage, name: "users-20", key: "users/page/1")
    registerOutboxBenchmarks()
}

/// `LocalDataSource.save` and `saved` of `value` over each store, against encode + atomic write
/// and read + decode.
private func registerLocalDataSourceBenchmarks<Value: Codable & Equatable & Sendable>(_ value: Value, name: String, key: String) {
    for kind in StoreKind.allCases {
        perValueComparison("local-data/save/\(name)/\(kind)", iterations: kind.isDurable ? 3 : 5, samples: kind.isDurable ? 40 : 400) { folder in
            let store = try kind.makeStore(in: folder)
            let local = LocalDataSource(store: store)
            let url = folder.appendingPathComponent("plain/\(name).json")
            return PerValueSides(
                ours: { try await local.save(value, for: key) },
                baseline: { try JSONEncoder().encode(value).write(to: url, options: .atomic) },
                close: { try await kind.close(store) }
            )
        }
        perValueComparison("local-data/saved/\(name)/\(kind)", iterations: 5, samples: 400) { folder in
            let store = try kind.makeStore(in: folder)
            let local = LocalDataSource(store: store)
            let url = folder.appendingPathComponent("plain/\(name).json")
            try await local.save(value, for: key)
            try JSONEncoder().encode(value).write(to: url, options: .atomic)
            let ours = try await local.saved(Value.self, for: key).value
            let theirs = try JSONDecoder().decode(Value.self, from: Data(contentsOf: url))
            guard ours == value, theirs == value else { throw BenchmarkFailure("a saved \(name) reads back changed") }
            return PerValueSides(
                ours: { blackHole(try await local.saved(Value.self, for: key)) },
                baseline: { blackHole(try JSONDecoder().decode(Value.self, from: Data(contentsOf: url))) },
                close: { try await kind.close(store) }
            )
        }
    }
}

// MARK: - Outbox

/// Where an outbox benchmark keeps its queue.
enum OutboxStorageKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `InMemoryOutboxStorage`.
    case memory
    /// `FileOutboxStorage`: the journal, each queued write flushed.
    case file

    var description: String { rawValue }

    func make(in folder: URL) -> any OutboxStorage {
        switch self {
        case .memory: InMemoryOutboxStorage()
        case .file: FileOutboxStorage(directory: folder)
        }
    }
}

/// Replay: N writes already queued (as after a restart), delivered to a `send` that returns at
/// once; timed from the start of `deliver` until the N-th outcome. The goal (issue 26): at
/// least 800 writes/s with 10,000 queued, the cost per write not growing with the queue.
/// Enqueue: 100 writes into an empty outbox, each timed.
private func registerOutboxBenchmarks() {
    let writesPerSecond = BenchmarkMetric.custom("writes/s delivered", polarity: .prefersLarger, useScalingFactor: false)
    let perWrite = BenchmarkMetric.custom("ns per delivered write", polarity: .prefersSmaller, useScalingFactor: false)
    for count in [100, 1_000, 10_000] {
        for kind in OutboxStorageKind.allCases {
            Benchmark(
                "outbox/replay/\(count)/\(kind)",
                configuration: .init(
                    metrics: [writesPerSecond, perWrite],
                    warmupIterations: 0,
                    maxDuration: .seconds(30),
                    maxIterations: count >= 10_000 ? 3 : 10,
                    thresholds: [writesPerSecond: .init(relative: [.p50: 50]), perWrite: .init(relative: [.p50: 100])]
                )
            ) { benchmark in
                await inTemporaryFolder(benchmark, "outbox/replay/\(count)/\(kind)") { folder in
                    let storage = kind.make(in: folder)
                    let staging = Outbox<QueuedWrite>(storage: storage, clock: ContinuousClock())
                    for index in 0..<count { try await staging.enqueue(.sample(index)) }
                    // A new outbox over the same storage, as after a restart.
                    let outbox = Outbox<QueuedWrite>(storage: storage, clock: ContinuousClock())
                    let clock = ContinuousClock()
                    let start = clock.now
                    let deliverer = Task { await outbox.deliver(isRetryable: { _ in false }, send: { _ in }) }
                    var delivered = 0
                    for await outcome in outbox.outcomes {
                        guard case .delivered = outcome else { throw BenchmarkFailure("a write was not delivered: \(outcome)") }
                        delivered += 1
                        if delivered == count { break }
                    }
                    let elapsed = nanoseconds(start.duration(to: clock.now))
                    deliverer.cancel()
                    await deliverer.value
                    guard delivered == count, try await outbox.pending.isEmpty else {
                        throw BenchmarkFailure("\(delivered) of \(count) writes delivered")
                    }
                    benchmark.measurement(writesPerSecond, Int(Double(count) * 1e9 / Double(max(elapsed, 1))))
                    benchmark.measurement(perWrite, elapsed / count)
                }
            }
        }
    }

    let perEnqueue = BenchmarkMetric.custom("ns per enqueue", polarity: .prefersSmaller, useScalingFactor: false)
    for kind in OutboxStorageKind.allCases {
        Benchmark(
            "outbox/enqueue/100/\(kind)",
            configuration: .init(
                metrics: [perEnqueue],
                warmupIterations: 0,
                maxDuration: .seconds(20),
                maxIterations: kind == .file ? 3 : 10,
                thresholds: [perEnqueue: .init(relative: [.p50: 100])]
            )
        ) { benchmark in
            await inTemporaryFolder(benchmark, "outbox/enqueue/100/\(kind)") { folder in
                let outbox = Outbox<QueuedWrite>(storage: kind.make(in: folder), clock: ContinuousClock())
                _ = try await outbox.pending   // reads the (empty) queue once, as an app's first screen would
                for index in 0..<100 {
                    let write = QueuedWrite.sample(index)
                    benchmark.measurement(perEnqueue, try await elapsedNanoseconds { try await outbox.enqueue(write) })
                }
                guard try await outbox.pending.count == 100 else { throw BenchmarkFailure("not every write was queued") }
            }
        }
    }
}

/// A user list's writes, as the outbox's documentation has them.
enum QueuedWrite: Codable, Sendable, Equatable {
    case setActive(Bool, userID: Int)
    case delete(userID: Int)

    static func sample(_ index: Int) -> QueuedWrite {
        index % 5 == 4 ? .delete(userID: 1000 + index) : .setActive(index % 2 == 0, userID: 1000 + index)
    }
}

// MARK: - Stores and the per-value harness

/// The stores measured.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `FileCacheStore`: one file per key, fsync'd.
    case file
    /// `SQLiteCacheStore` on a file (WAL).
    case sqlite
    /// `InMemoryCacheStore`: no disk at all, what the layer itself costs.
    case memory

    var description: String { rawValue }

    /// Whether a save reaches the disk (and waits for fsync).
    var isDurable: Bool { self != .memory }

    func makeStore(in folder: URL) throws -> any CacheStore {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("plain"), withIntermediateDirectories: true)
        switch self {
        case .file: return FileCacheStore(directory: folder.appendingPathComponent("store"))
        case .sqlite: return try SQLiteCacheStore(path: folder.appendingPathComponent("cache.sqlite").path)
        case .memory: return InMemoryCacheStore()
        }
    }

    /// Closes an SQLite store before its folder is removed.
    func close(_ store: any CacheStore) async throws {
        if let database = store as? SQLiteCacheStore { try database.close() }
    }
}

/// One operation done our way and the plain way, on a fixture made in a temporary folder.
struct PerValueSides {
    var ours: () async throws -> Void
    var baseline: () async throws -> Void
    /// A third way, recorded as ``floorMetric`` when given: the same write with no fsync.
    var floor: (() throws -> Void)? = nil
    var close: () async throws -> Void
}

/// Nanoseconds per value written with no fsync at all (see `writeWithoutSync`).
private let floorMetric = BenchmarkMetric.custom("no fsync (ns)", polarity: .prefersSmaller, useScalingFactor: false)

/// Writes `data` to a temporary file and renames it over `path`, with no fsync: what an atomic
/// write costs when nothing waits for the disk.
private func writeWithoutSync(_ data: Data, to path: String) throws {
    let temporary = path + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw BenchmarkFailure("open: errno \(errno)") }
    let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == data.count, rename(temporary, path) == 0 else { throw BenchmarkFailure("write or rename: errno \(errno)") }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Registers a per-value comparison: each iteration makes the fixture in a fresh temporary
/// folder, does one untimed operation each way (folders made, files created), then `samples`
/// single operations each way, alternating, each recorded as one sample.
private func perValueComparison(
    _ name: String,
    iterations: Int,
    samples: Int,
    sides makeSides: @escaping @Sendable (URL) async throws -> PerValueSides
) {
    let metrics = [ComparisonMetric.ours, ComparisonMetric.baseline, ComparisonMetric.overhead] + (name.hasPrefix("store/write/") ? [floorMetric] : [])
    Benchmark(
        name,
        configuration: .init(
            metrics: metrics,
            warmupIterations: 0,
            maxDuration: .seconds(20),
            maxIterations: iterations,
            thresholds: ComparisonMetric.thresholds(for: metrics)
        )
    ) { benchmark in
        await inTemporaryFolder(benchmark, name) { folder in
            let sides = try await makeSides(folder)
            try await sides.baseline()
            try await sides.ours()
            try sides.floor?()
            for _ in 0..<samples {
                let theirs = try await elapsedNanoseconds(sides.baseline)
                let ours = try await elapsedNanoseconds(sides.ours)
                benchmark.recordComparison(ours: ours, baseline: theirs, againstFloor: true)
                if let floor = sides.floor {
                    benchmark.measurement(floorMetric, try await elapsedNanoseconds(floor))
                }
            }
            try await sides.close()
        }
    }
}

/// Runs `body` in a new temporary folder, removed afterwards; a failure fails the benchmark.
private func inTemporaryFolder(_ benchmark: Benchmark, _ name: String, _ body: (URL) async throws -> Void) async {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-local-data-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await body(folder)
    } catch {
        benchmark.error("\(name): \(error)")
    }
}

/// Nanoseconds one run of `body` took.
private func elapsedNanoseconds(_ body: () async throws -> Void) async rethrows -> Int {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    return nanoseconds(start.duration(to: clock.now))
}

// MARK: - Values

/// The values the demo saves, as its examples define them: a forecast (three days, about 1 KiB
/// of JSON) and a page of 20 users (about 3 KiB).
enum SavedValues {
    static let forecast: Forecast = {
        let periods = ["00-06", "06-12", "12-18", "18-24"]
        let days = [("2024-09-28", "今日", "曇り", nil, 27), ("2024-09-29", "明日", "曇時々晴", 19, 28), ("2024-09-30", "明後日", "晴れ", 18, 29)]
            .enumerated()
            .map { offset, day in
                DailyForecast(
                    date: day.0, label: day.1, telop: day.2, minCelsius: day.3, maxCelsius: day.4,
                    chanceOfRain: periods.enumerated().map { RainChance(period: $1, percent: offset == 0 && $0 < 2 ? nil : 10 * ($0 + offset)) }
                )
            }
        return Forecast(
            title: "栃木県 宇都宮 の天気",
            publishedAt: "2024/09/28 11:00:00",
            publishingOffice: "宇都宮地方気象台",
            headline: "",
            body: "日本の東には高気圧があり、東へ移動しています。一方、日本海には前線を伴った低気圧があって、東北東へ進んでいます。"
                + "栃木県は、曇りとなっています。28日は、高気圧に覆われますが、湿った空気の影響を受けるため、曇りで、夜は雨の降る所があるでしょう。",
            days: days
        )
    }()

    static let userPage: UserPage = {
        let names = ["山田 太郎", "José Müller", "Chloé Dubois", "佐藤 花子", "Liam O'Brien"]
        let users = (1...20).map { id in
            User(
                id: id,
                name: "\(names[id % names.count]) \(id)",
                email: "user\(id).\(["smith", "tanaka", "garcia", "nguyen"][id % 4])@example.com",
                isActive: id % 3 != 0,
                avatarURL: id % 4 == 0 ? nil : "https://cdn.example.com/avatars/\(id)/profile-128x128.png"
            )
        }
        return UserPage(users: users, total: 1000, nextCursor: "u20")
    }()
}
