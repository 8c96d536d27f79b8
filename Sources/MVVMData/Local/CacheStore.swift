/// Where a ``LocalDataSource`` keeps saved values: bytes by key, nothing more.
///
/// Three stores come with swift-mvvm: ``FileCacheStore`` (files, no dependency),
/// ``InMemoryCacheStore`` (tests and previews) and `SQLiteCacheStore` (the opt-in
/// `MVVMGRDB` product). All three pass the same contract tests (`CacheStoreContract`, public in
/// MVVMDataTesting, so a store of your own can run them too): a saved entry reads back whole, a save replaces, a removal removes, and
/// an entry that no longer reads whole is reported as ``CacheStoreError/corrupted(_:)``, never
/// returned torn. Keys are compared by their UTF-8 bytes.
///
/// Keys are the app's own (`"forecast/130010"`); do not put secrets in them, since a store
/// may log them.
public protocol CacheStore: Sendable {
    /// The entry saved under `key`, or `nil` when there is none.
    func entry(for key: String) async throws(CacheStoreError) -> CacheEntry?
    /// Saves `entry` under `key`, replacing what was there, all or nothing.
    func save(_ entry: CacheEntry, for key: String) async throws(CacheStoreError)
    /// Removes the entry under `key`, if any.
    func removeEntry(for key: String) async throws(CacheStoreError)
    /// Removes every entry.
    func removeAll() async throws(CacheStoreError)
}

/// Why a ``CacheStore`` could not read or write.
public enum CacheStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The entry is larger than the store may hold.
    case tooLarge(bytes: Int, limit: Int)
    /// A saved entry no longer reads whole: a torn or foreign file, which ``FileCacheStore``
    /// removes; or a damaged database, which `SQLiteCacheStore` leaves in place to be looked at.
    case corrupted(String)
    /// The file system or the database failed.
    case io(String)

    /// What failed, for logs and test failures.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "entry of \(bytes) bytes exceeds the store's limit of \(limit) bytes"
        case .corrupted(let reason): "corrupted entry: \(reason)"
        case .io(let reason): "storage failed: \(reason)"
        }
    }
}
