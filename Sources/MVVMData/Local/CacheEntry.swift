public import Foundation

/// One saved value as a ``CacheStore`` keeps it: the encoded bytes, when they were saved, and
/// the schema version of the code that wrote them.
public struct CacheEntry: Hashable, Sendable {
    /// The encoded value.
    public var data: Data
    /// When it was saved.
    public var savedAt: Date
    /// The `schemaVersion` (``LocalDataSource/init(store:schemaVersion:logger:)``) of the code that saved it: a newer app that changed
    /// its models reads an older entry as ``CacheMiss/schemaChanged(key:saved:current:)``.
    public var schemaVersion: Int

    /// Creates an entry.
    public init(data: Data, savedAt: Date, schemaVersion: Int) {
        self.data = data
        self.savedAt = savedAt
        self.schemaVersion = schemaVersion
    }
}
