import MVVMTestSupport
import cache_crash_writer
import Foundation
import MVVMData
import MVVMGRDB
import MVVMTesting
import Testing

/// A process killed mid-save leaves the old entry or the new one, never a torn one: for each
/// store, a real `cache-crash-writer` saves 512 KiB entries A and B in turn under one key and is
/// killed (SIGKILL) at a seeded random moment, 20 times on the same store (for the file store,
/// every other kill waits until a temporary file is being written). After each kill the store
/// must read exactly A or exactly B, and the one its last completed or started save wrote.
///
/// Five minutes: 40 writer processes, each encoding 512 KiB entries, take about 30 s on a quiet
/// machine; the limit only catches a writer that never ends. Not run under ThreadSanitizer (CI's
/// second run): the writers, instrumented too, took 153 s there, the last minute of CI's
/// longest step, and a writer killed at a random moment is about durability, not threads.
@Suite(.serialized, .timeLimit(.minutes(5)), .disabled(if: underThreadSanitizer, "about durability; ThreadSanitizer slows its writers fivefold"))
struct CrashSafetyTests {
    static let rounds = 20

    @Test func aKilledWriterNeverTearsAFileStoreEntry() async throws {
        let folder = try TemporaryFolder()
        let directory = folder.path("store")
        var generator = SplitMix64(seed: 0xF11E)
        for round in 0..<Self.rounds {
            // Every other round waits for the writer's temporary file, to kill it while it writes.
            let writing = round.isMultiple(of: 2) ? nil : { Self.temporaryFiles(in: directory) > 0 }
            let end = try await killWriter(kind: "file", path: directory, using: &generator, until: writing)
            let store = FileCacheStore(directory: URL(fileURLWithPath: directory))
            try check(await store.entry(for: CrashWriterEntries.key), after: end, round: round)
            // Looking at the folder removes what a killed save left.
            _ = try await store.totalBytes
            #expect(Self.temporaryFiles(in: directory) == 0, "round \(round): the killed save's temporary file is gone")
        }
    }

    @Test func aKilledWriterNeverTearsAnSQLiteStoreEntry() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("cache.sqlite")
        var generator = SplitMix64(seed: 0x5C1_17E)
        for round in 0..<Self.rounds {
            let end = try await killWriter(kind: "sqlite", path: path, using: &generator)
            let store = try SQLiteCacheStore(path: path)
            try check(await store.entry(for: CrashWriterEntries.key), after: end, round: round)
            try store.close()
        }
    }

    /// How many temporary files of `FileCacheStore` saves are in `directory`.
    private static func temporaryFiles(in directory: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).count { $0.hasPrefix(".tmp-") }
    }

    /// Runs a writer until it is ready, lets it save for a random time (then, if given, until
    /// `condition` holds, checked every millisecond for up to 2 s), kills it and reaps it.
    ///
    /// The time is up to twice as long as the writer's first save took, and at least up to
    /// 30 ms: in a debug build a file store's save spends most of its time encoding and checksumming
    /// 512 KiB, so a fixed 0–30 ms would almost never kill it while it writes its file.
    private func killWriter(
        kind: String, path: String, using generator: inout SplitMix64, until condition: (() -> Bool)? = nil
    ) async throws -> CrashWriterProcess.End {
        let writer = try CrashWriterProcess(kind: kind, path: path)
        defer { writer.killAndReap() }
        let firstSave = try await writer.waitUntilReady()
        let longest = max(30, 2 * Int(firstSave / .milliseconds(1)))
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...longest, using: &generator)))
        if let condition {
            let deadline = ContinuousClock.now + .seconds(2)
            while !condition(), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(1))
            }
        }
        let end = writer.killAndReap()
        #expect(end.killed, "the writer ran until it was killed")
        return end
    }

    /// `entry` is A or B whole; after `saved n` (the kill came between saves), save n's.
    /// After `saving n` the kill came during save n, and either is right.
    private func check(_ entry: CacheEntry?, after end: CrashWriterProcess.End, round: Int) throws {
        let entry = try #require(entry, "round \(round): the entry is there")
        #expect(entry == CrashWriterEntries.a || entry == CrashWriterEntries.b,
                "round \(round): the entry is A or B whole (schema \(entry.schemaVersion), \(entry.data.count) bytes)")
        let line = end.lastLine ?? ""
        if line.hasPrefix("saved "), let save = Int(line.dropFirst("saved ".count)) {
            let expected = save.isMultiple(of: 2) ? CrashWriterEntries.a : CrashWriterEntries.b
            #expect(entry.schemaVersion == expected.schemaVersion, "round \(round): after \"\(line)\" the entry is that save's")
        } else {
            #expect(line.hasPrefix("saving "), "round \(round): the writer's last line is \(line.debugDescription)")
        }
    }
}

/// Whether this build is CI's ThreadSanitizer run (`MVVM_THREAD_SANITIZER=1`, Package.swift).
#if MVVM_THREAD_SANITIZER
private let underThreadSanitizer = true
#else
private let underThreadSanitizer = false
#endif
