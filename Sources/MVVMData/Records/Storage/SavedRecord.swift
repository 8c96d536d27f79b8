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
    /// What a storage that answers queries (``QueryableRecordStorage``) keeps beside the value
    /// to find it; `nil` for a record without a value, or a store without a ``RecordSearch``.
    public var index: Index?

    /// A saved record.
    public init(id: Data, value: Data?, learnt: Date, version: Int = 1, index: Index? = nil) {
        self.id = id
        self.value = value
        self.learnt = learnt
        self.version = version
        self.index = index
    }

    /// What a query reads of a saved record instead of its value: its search text, folded, and
    /// its ``RecordField``s' values, made by the store's ``RecordSearch``.
    public struct Index: Hashable, Sendable {
        /// Which search made it (its folding and fields' names): a storage returns to a query
        /// only records indexed by the query's layout.
        public var layout: String
        /// The record's search text, folded (case, and the search's options).
        public var search: String
        /// The value of each of the search's fields, in its order.
        public var fields: [RecordFieldValue]

        /// An index entry.
        public init(layout: String, search: String, fields: [RecordFieldValue]) {
            self.layout = layout
            self.search = search
            self.fields = fields
        }
    }

    /// Whether this value replaces `saved`: it was learnt no earlier.
    package func replaces(_ saved: SavedRecord?) -> Bool {
        saved.map { learnt >= $0.learnt } ?? true
    }
}
