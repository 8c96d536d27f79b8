import Benchmark
import Foundation
import MVVMData
import MVVMGRDB
import UserListFeature

/// Issue 38 (saving is incremental): the bytes written to save one changed record while N users
/// are held, N = 1,000, 10,000 and 100,000. Ours: a `RecordStore` merges the changed user and
/// saves it in its `RecordStorage`, both engines: `FileRecordStorage` (MVVMData, a journal) and
/// `SQLiteRecordStorage` (MVVMGRDB, WAL). The articles' way: the list saved as one JSON value
/// (`LocalDataSource.save` of `[User]` in a `FileCacheStore`), as swift-mvvm did before. Bytes are
/// what the process handed to `write` (`wchar` in `/proc/self/io`) during the save alone; Linux
/// only. The goal: ours do not grow with N.
func registerSavingBenchmarks() {
    #if os(Linux)
    for held in [1_000, 10_000, 100_000] {
        let file = BenchmarkMetric.custom("bytes per write (file journal)", polarity: .prefersSmaller, useScalingFactor: false)
        let sqlite = BenchmarkMetric.custom("bytes per write (SQLite)", polarity: .prefersSmaller, useScalingFactor: false)
        let snapshot = BenchmarkMetric.custom("bytes per write (articles: one snapshot)", polarity: .prefersSmaller, useScalingFactor: false)
        let metrics = [file, sqlite, snapshot]
        Benchmark(
            "records/bytes-per-write/\(held / 1_000)k",
            configuration: .init(metrics: metrics, warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3)
        ) { benchmark in
            do {
                let run = try await SavingRun(held: held)
                benchmark.measurement(file, await run.ours(engine: .file))
                benchmark.measurement(sqlite, await run.ours(engine: .sqlite))
                benchmark.measurement(snapshot, try await run.baseline())
            } catch {
                benchmark.error("records/bytes-per-write: \(error)")
            }
        }
    }
    #endif
}

#if os(Linux)
/// N users held both ways in a temporary folder, removed when the run ends.
@MainActor
final class SavingRun {
    enum Engine { case file, sqlite }

    let folder: URL
    let users: [User]
    var round = 0

    init(held: Int) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-bench-saving-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        users = (1...held).map { id in User(id: id, name: "User \(id)", email: "user\(id)@example.com", isActive: id % 3 != 0) }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A store on `engine` holding every user, then one user changed: the bytes its save wrote.
    func ours(engine: Engine) async -> Int {
        round += 1
        let storage: any RecordStorage = switch engine {
        case .file: FileRecordStorage(directory: folder, name: "users-\(round)")
        case .sqlite: (try? SQLiteRecordStorage(path: folder.appendingPathComponent("users-\(round).sqlite").path, kind: "users"))!
        }
        let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: ContinuousClock()), storage: storage)
        await records.restore()
        records.merge(users, readAt: records.beginRead())
        await records.waitUntilSaved()
        var changed = users[users.count / 2]
        changed.isActive.toggle()
        let before = bytesWritten()
        records.merge([changed], readAt: records.beginRead())
        await records.waitUntilSaved()
        return bytesWritten() - before
    }

    /// The list saved whole, then saved again with one user changed: the bytes the second save
    /// wrote.
    func baseline() async throws -> Int {
        let local = LocalDataSource(store: FileCacheStore(directory: folder.appendingPathComponent("snapshot"), maxBytes: 1 << 30))
        try await local.save(users, for: "users")
        var list = users
        list[list.count / 2].isActive.toggle()
        let before = bytesWritten()
        try await local.save(list, for: "users")
        return bytesWritten() - before
    }

    /// Bytes this process handed to `write` so far.
    private func bytesWritten() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("wchar:") }),
              let value = Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces))
        else { return -1 }
        return value
    }
}
#endif
