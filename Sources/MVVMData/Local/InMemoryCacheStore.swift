/// A ``CacheStore`` in memory: for tests and previews, and for data that need not outlive
/// the process.
///
/// Keys are compared by their UTF-8 bytes, as the file and SQLite stores compare them: `"é"`
/// composed and decomposed are two keys, although Swift's `==` calls them equal.
public actor InMemoryCacheStore: CacheStore {
    private var entries: [[UInt8]: CacheEntry]

    /// An empty store, or one holding `entries`.
    public init(entries: [String: CacheEntry] = [:]) {
        self.entries = Dictionary(entries.map { (Array($0.key.utf8), $0.value) }) { _, last in last }
    }

    /// The entry saved under `key`.
    public func entry(for key: String) -> CacheEntry? {
        entries[Array(key.utf8)]
    }

    /// Saves `entry` under `key`.
    public func save(_ entry: CacheEntry, for key: String) {
        entries[Array(key.utf8)] = entry
    }

    /// Removes the entry under `key`.
    public func removeEntry(for key: String) {
        entries[Array(key.utf8)] = nil
    }

    /// Removes every entry.
    public func removeAll() {
        entries.removeAll()
    }

    /// The keys saved now, sorted: for tests.
    public var keys: [String] {
        entries.keys.map { String(decoding: $0, as: UTF8.self) }.sorted()
    }
}
