import Foundation
public import MVVMData
public import Testing

/// The behaviour every `CacheStore` must have, as checks you run on your own store.
///
/// swift-mvvm runs it on `InMemoryCacheStore`, `FileCacheStore` and MVVMGRDB's
/// `SQLiteCacheStore`; run it on yours:
///
/// ```swift
/// @Test func myStoreKeepsTheContract() async throws {
///     try await CacheStoreContract.verify { name in MyStore(path: folder + name) }
/// }
/// ```
///
/// It checks that an entry reads back exactly as saved (bytes, date to the bit, schema
/// version), under any key (compared by its UTF-8 bytes), empty or 1 MiB; that a save replaces; that removing works and
/// removing nothing is no error; that concurrent saves all land; and that a store opened again
/// at the same place reads what the first one saved.
public enum CacheStoreContract {
    /// Runs every check. Failures are recorded as Swift Testing issues at `sourceLocation`.
    ///
    /// - Parameters:
    ///   - open: opens the store at a place named by its argument: the same name must reach the
    ///     same saved entries (a folder, a database file), a new name an empty store.
    ///   - sourceLocation: where failures are reported; the caller's by default.
    public static func verify(
        open: @Sendable (String) async throws -> any CacheStore,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let at = sourceLocation
        let savedAt = Date(timeIntervalSince1970: 1_700_000_000.123_456)
        func entry(_ text: String, schema: Int = 1) -> CacheEntry {
            CacheEntry(data: Data(text.utf8), savedAt: savedAt, schemaVersion: schema)
        }

        // Nothing saved: nil, not an error.
        let empty = try await open("empty")
        #expect(try await empty.entry(for: "missing") == nil, "an empty store has no entry", sourceLocation: at)

        // Round trip, under keys of every kind.
        let store = try await open("round-trip")
        let keys = ["a", "", "天気/130010?q=東京&x=1", String(repeating: "k", count: 10_000), "../../etc/passwd", "a\u{0}b"]
        for (index, key) in keys.enumerated() {
            try await store.save(entry("value \(index)", schema: index - 2), for: key)
        }
        for (index, key) in keys.enumerated() {
            #expect(try await store.entry(for: key) == entry("value \(index)", schema: index - 2),
                    "entry \(index) reads back as saved", sourceLocation: at)
        }

        // Keys are bytes: "é" composed and decomposed are two keys.
        try await store.save(entry("composed"), for: "caf\u{E9}")
        try await store.save(entry("decomposed"), for: "cafe\u{301}")
        #expect(try await store.entry(for: "caf\u{E9}") == entry("composed"), "keys compare by their UTF-8 bytes", sourceLocation: at)
        #expect(try await store.entry(for: "cafe\u{301}") == entry("decomposed"), "keys compare by their UTF-8 bytes", sourceLocation: at)

        // Sizes: nothing, and 1 MiB of every byte value.
        let big = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try await store.save(CacheEntry(data: Data(), savedAt: savedAt, schemaVersion: 1), for: "nothing")
        try await store.save(CacheEntry(data: big, savedAt: savedAt, schemaVersion: 1), for: "big")
        #expect(try await store.entry(for: "nothing")?.data == Data(), "empty data reads back", sourceLocation: at)
        #expect(try await store.entry(for: "big")?.data == big, "1 MiB reads back", sourceLocation: at)

        // A save replaces; a removal removes; removing nothing is fine.
        try await store.save(entry("new", schema: 7), for: "a")
        #expect(try await store.entry(for: "a") == entry("new", schema: 7), "a save replaces", sourceLocation: at)
        try await store.removeEntry(for: "a")
        try await store.removeEntry(for: "a")
        #expect(try await store.entry(for: "a") == nil, "a removed entry is gone", sourceLocation: at)
        #expect(try await store.entry(for: "") == entry("value 1", schema: -1), "other entries stay", sourceLocation: at)

        // Opened again at the same place: what was saved is there.
        let reopened = try await open("round-trip")
        #expect(try await reopened.entry(for: "big")?.data == big, "a reopened store reads saved entries", sourceLocation: at)
        #expect(try await reopened.entry(for: "a") == nil, "a reopened store does not bring back removed entries", sourceLocation: at)

        // Concurrent saves all land.
        let concurrent = try await open("concurrent")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await concurrent.save(CacheEntry(data: Data("value \(index)".utf8), savedAt: savedAt, schemaVersion: 1), for: "key \(index)")
                }
            }
            try await group.waitForAll()
        }
        for index in 0..<50 {
            #expect(try await concurrent.entry(for: "key \(index)") == entry("value \(index)"),
                    "concurrent save \(index) landed", sourceLocation: at)
        }

        // removeAll empties the store.
        try await concurrent.removeAll()
        #expect(try await concurrent.entry(for: "key 0") == nil, "removeAll removes every entry", sourceLocation: at)
        try await concurrent.save(entry("after"), for: "key 0")
        #expect(try await concurrent.entry(for: "key 0") == entry("after"), "the store works after removeAll", sourceLocation: at)
    }
}
