public import Foundation

/// One record as a ``RecordStorage`` keeps it: its id and value as bytes (a ``RecordStore``
/// encodes them as JSON), or no value when the server has none (deleted), when the value was
/// learnt, and the version of the record's shape it was saved in.
public struct SavedRecord: Hashable, Sendable {
    /// The record's id, encoded: equal ids have equal bytes.
    public var id: Data
    /// The record, encoded; `nil` when the server has none (it was deleted).
    public var value: Data?
    /// When the value was learnt: the start of the read that brought it, or the server's answer
    /// to a write.
    public var learnt: Date
    /// The version of the record's shape its value was saved in (``RecordStore``'s
    /// `schemaVersion`); 1 for every record saved before versions were kept.
    public var version: Int

    /// A saved record.
    public init(id: Data, value: Data?, learnt: Date, version: Int = 1) {
        self.id = id
        self.value = value
        self.learnt = learnt
        self.version = version
    }

    /// Whether this value replaces `saved`: it was learnt no earlier.
    package func replaces(_ saved: SavedRecord?) -> Bool {
        saved.map { learnt >= $0.learnt } ?? true
    }
}
