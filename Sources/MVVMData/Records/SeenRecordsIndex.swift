import MVVMCollections

/// Every record a ``RecordStore`` has seen from the server, with its search text in one
/// ``SearchIndex``: what a ``LiveQuery`` answers from on the device. A record whose text is
/// unchanged is replaced in place; one whose text changed gets a new place at the end (its old
/// text stays in the index, unread, until a compaction rebuilds it once such texts outnumber the
/// live ones), so an update never shifts the index, whatever its size. A record gone keeps its
/// place, empty, and takes it again if it comes back. A search scans the folded texts once
/// (``SearchIndex/matches(_:)``) and reads the records by position, with no look-up per record.
struct SeenRecordsIndex<Record: Identifiable> {
    private var index: SearchIndex
    private var positions: [Record.ID: Int] = [:]
    /// The server's value at each position; `nil` once gone or moved to a new place.
    private var records: [Record?] = []
    /// The text at each position.
    private var texts: [String] = []
    /// Places left behind by a record whose text changed.
    private var abandoned = 0

    init(options: SearchIndex.Options) {
        index = SearchIndex(options: options)
    }

    /// Sets the server's value of `id` and its search text; `nil` when the record is gone.
    mutating func set(_ record: Record?, text: String?, for id: Record.ID) {
        let text = text ?? ""
        if let position = positions[id] {
            guard let record, texts[position] != text else {
                records[position] = record
                return
            }
            records[position] = nil
            abandoned += 1
            append(record, text: text, for: id)
            if abandoned > 1024, abandoned > records.count - abandoned { compact() }
        } else if let record {
            append(record, text: text, for: id)
        }
    }

    /// Forgets `id`: its place is left behind, as a changed text's is, until a compaction.
    mutating func remove(_ id: Record.ID) {
        guard let position = positions.removeValue(forKey: id) else { return }
        records[position] = nil
        abandoned += 1
        if abandoned > 1024, abandoned > records.count - abandoned { compact() }
    }

    private mutating func append(_ record: Record, text: String, for id: Record.ID) {
        positions[id] = records.count
        records.append(record)
        texts.append(text)
        index.append(text)
    }

    /// Rebuilds the index from the places still held.
    private mutating func compact() {
        let held = positions.sorted { $0.value < $1.value }
        var index = SearchIndex(options: self.index.options)
        var records: [Record?] = [], texts: [String] = []
        positions = [:]
        for (id, position) in held {
            positions[id] = records.count
            records.append(self.records[position])
            texts.append(self.texts[position])
        }
        index.append(contentsOf: texts)
        self.index = index
        self.records = records
        self.texts = texts
        abandoned = 0
    }

    /// `text` folded as this index folds a query, for ``contains(_:for:text:)``.
    func query(_ text: String) -> SearchIndex.Query {
        index.query(text)
    }

    /// Whether the text held for `id` contains `query`, read from the texts folded when they were
    /// set (nothing folded again), if that text is `text`; `nil` when the index holds another
    /// text for `id` (a pending write changed it), or none.
    func contains(_ query: SearchIndex.Query, for id: Record.ID, text: String) -> Bool? {
        guard let position = positions[id], texts[position] == text else { return nil }
        return index.contains(query, at: position)
    }

    /// Calls `body` with each record held whose text contains `query` (every one when empty), in
    /// the order first seen.
    func forEach(matching query: String, _ body: (Record) -> Void) {
        if query.isEmpty {
            for case let record? in records { body(record) }
        } else {
            for position in index.matches(query) {
                if let record = records[position] { body(record) }
            }
        }
    }
}
