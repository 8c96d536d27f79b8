/// Why a ``LocalDataSource`` has no saved value to give: typed, so that a repository can tell
/// "never saved" from "saved by an older app" from "the store failed", and logged, never a crash.
public enum CacheMiss: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing was saved under the key.
    case notSaved(key: String)
    /// The value was saved by code with another schema version; it is not decoded.
    case schemaChanged(key: String, saved: Int, current: Int)
    /// The saved bytes do not decode as the type asked for.
    case undecodable(key: String, reason: String)
    /// The store failed or found the entry corrupted.
    case store(key: String, CacheStoreError)

    /// The key that missed.
    public var key: String {
        switch self {
        case .notSaved(let key), .schemaChanged(let key, _, _), .undecodable(let key, _), .store(let key, _): key
        }
    }

    /// What missed, for logs and test failures.
    public var description: String {
        switch self {
        case .notSaved(let key): "nothing saved under \"\(key)\""
        case .schemaChanged(let key, let saved, let current):
            "\"\(key)\" was saved with schema \(saved); this app reads schema \(current)"
        case .undecodable(let key, let reason): "\"\(key)\" does not decode: \(reason)"
        case .store(let key, let error): "\"\(key)\": \(error)"
        }
    }
}
