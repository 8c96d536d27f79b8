public import MVVMCollections

/// How a ``RecordStore``'s records are searched: the text of each record that a search matches,
/// and how loosely. Give the store the server's rules (the demo's API matches name and email,
/// case-, diacritic- and width-insensitive), so that a search answered on the device finds what
/// the server would have found.
///
/// ```swift
/// let users = RecordStore<UserWrite>(
///     outbox: outbox, storage: FileRecordStorage(directory: caches, name: "users"),
///     search: RecordSearch(options: [.diacriticInsensitive, .widthInsensitive]) { "\($0.name) \($0.email)" }
/// )
/// ```
public struct RecordSearch<Record>: Sendable {
    /// How loosely texts match, besides case (always ignored, with full Unicode case folding).
    public var options: SearchIndex.Options
    /// The text of a record that a search matches.
    public var text: @Sendable (Record) -> String

    /// Searches `text(record)`, matching by `options`.
    public init(options: SearchIndex.Options = [], text: @escaping @Sendable (Record) -> String) {
        self.options = options
        self.text = text
    }

    /// Whether `record` matches `query` by these rules; every record matches an empty query.
    public func matches(_ record: Record, _ query: String) -> Bool {
        query.isEmpty || SearchIndex([text(record)], options: options).contains(query, at: 0)
    }
}
