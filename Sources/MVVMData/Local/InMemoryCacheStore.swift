/// A ``CacheStore`` in memory: for tests and previews, and for data that need not outlive
/// the process.
public actor InMemoryCacheStore: CacheStore {
    private var entries: [String: CacheEntry]

    /// An empty store, or one holding `entries`.
    public init(entries: [String: CacheEntry] = [:]) {
        self.entries = entries
    }

    /// The entry saved under `key`.
    public func entry(for key: String) -> CacheEntry? {
        entries[key]
    }

    /// Saves `entry` under `key`.
    public func save(_ entry: CacheEntry, for key: String) {
        entries[key] = entry
    }

    /// Removes the entry under `key`.
    public func removeEntry(for key: String) {
        entries[key] = nil
    }

    /// Removes every entry.
    public func removeAll() {
        entries.removeAll()
    }

    /// The keys saved now, sorted: for tests.
    public var keys: [String] {
        entries.keys.sorted()
    }
}
