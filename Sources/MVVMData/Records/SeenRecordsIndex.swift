import MVVMCollections

/// The search index of every record a ``RecordStore`` has seen from the server: one text per
/// id, in the order the ids were first seen. A record that changes is replaced in place only
/// when its text changed; a record gone leaves an empty text (its id is reused if it comes
/// back), so no update moves the others. A search scans the folded texts once
/// (``SearchIndex/matches(_:)``), whatever the number of records.
struct SeenRecordsIndex<ID: Hashable> {
    private var index: SearchIndex
    private var ids: [ID] = []
    private var positions: [ID: Int] = [:]
    private var texts: [String] = []

    init(options: SearchIndex.Options) {
        index = SearchIndex(options: options)
    }

    /// Sets the text of `id`; `nil` when the record is gone.
    mutating func set(_ text: String?, for id: ID) {
        let text = text ?? ""
        if let position = positions[id] {
            guard texts[position] != text else { return }
            texts[position] = text
            index.replace(at: position, with: text)
        } else if !text.isEmpty {
            positions[id] = ids.count
            ids.append(id)
            texts.append(text)
            index.append(text)
        }
    }

    /// Whether the text of `id` contains `query` (an empty query matches every seen id).
    func contains(_ query: String, id: ID) -> Bool {
        guard let position = positions[id], !texts[position].isEmpty else { return false }
        return query.isEmpty || index.contains(query, at: position)
    }

    /// The ids whose text contains `query`, in the order first seen; every id with a text when
    /// the query is empty.
    func ids(matching query: String) -> [ID] {
        if query.isEmpty { return ids.indices.filter { !texts[$0].isEmpty }.map { ids[$0] } }
        return index.matches(query).map { ids[$0] }
    }
}
