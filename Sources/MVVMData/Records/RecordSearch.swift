public import MVVMCollections

/// How a ``RecordStore``'s records are found: the text of each record that a search matches, how
/// loosely, and the ``RecordField``s a query filters and orders by. Give the store the server's
/// rules (the demo's API matches name and email, case-, diacritic- and width-insensitive), so
/// that a search answered on the device finds what the server would have found.
///
/// ```swift
/// let users = RecordStore<UserWrite>(
///     outbox: outbox, storage: try SQLiteRecordStorage(path: path, kind: "users"),
///     search: RecordSearch(options: [.diacriticInsensitive, .widthInsensitive], fields: [.id, .isActive]) {
///         "\($0.name) \($0.email)"
///     }
/// )
/// ```
///
/// With a storage that answers queries (``QueryableRecordStorage``), each record is saved with
/// its search text folded and its fields' values (``SavedRecord/index``), and a query runs
/// where the records are.
public struct RecordSearch<Record>: Sendable {
    /// How loosely texts match, besides case (always ignored, with full Unicode case folding).
    package var options: SearchIndex.Options
    /// The text of a record that a search matches.
    package var text: @Sendable (Record) -> String
    /// The values a query filters and orders by: at most ``maximumFields``, each name once.
    package let fields: [RecordField<Record>]

    /// How many fields a storage keeps beside each record.
    package static var maximumFields: Int { 4 }

    /// Searches `text(record)`, matching by `options`; filters and orders by `fields`.
    ///
    /// More than 4 fields, or two with one name, stop the app with a message
    /// saying which: they are mistakes in code.
    public init(options: SearchIndex.Options = [], fields: [RecordField<Record>] = [], text: @escaping @Sendable (Record) -> String) {
        precondition(fields.count <= Self.maximumFields, "RecordSearch: \(fields.count) fields; a storage keeps at most \(Self.maximumFields)")
        let names = fields.map(\.name)
        precondition(Set(names).count == names.count, "RecordSearch: two fields named alike in \(names)")
        self.options = options
        self.fields = fields
        self.text = text
    }

    /// Whether `record` matches `query` by these rules; every record matches an empty query.
    package func matches(_ record: Record, _ query: String) -> Bool {
        query.isEmpty || SearchIndex([text(record)], options: options).contains(query, at: 0)
    }

    /// What tells this search's saved index from another's: the folding and the fields' names
    /// (``SavedRecord/Index/layout``). A storage's records saved under another layout are
    /// indexed again.
    public var layout: String {
        "1;\(options.rawValue);" + fields.map(\.name).joined(separator: ",")
    }

    /// The position of the field named `name`; `nil` when this search has none.
    func position(of name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    /// What a storage keeps beside `record` to find it.
    public func index(of record: Record) -> SavedRecord.Index {
        SavedRecord.Index(
            layout: layout,
            search: SearchIndex.folded(text(record), options: options),
            fields: fields.map { $0.value(record) }
        )
    }

    /// `query` folded as the saved search texts are (``SavedRecordQuery/search``).
    public func folded(query: String) -> String {
        SearchIndex.foldedQuery(query, options: options)
    }
}
