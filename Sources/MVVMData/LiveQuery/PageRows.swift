import MVVMCollections

/// The server's pages of a ``LiveQuery``, each id once, in order, with each row as every screen
/// shows it (the filter and the search aside) and its search text in one ``SearchIndex``: a
/// keystroke scans the page texts once and reads the matching rows by position, with no look-up
/// per row; a change maps only the rows of the ids that changed.
struct PageRows<Record: Identifiable> {
    /// The ids, in the server's order.
    private(set) var ids: [Record.ID] = []
    /// Each row as shown, `nil` while deleted (or being deleted and saved).
    private(set) var rows: [LiveRow<Record>?] = []
    private var positions: [Record.ID: Int] = [:]
    private var index: SearchIndex
    private var texts: [String] = []
    private let text: (@Sendable (Record) -> String)?

    /// Pages searched by `search` (without one, every row matches every search text).
    init(search: RecordSearch<Record>?) {
        index = SearchIndex(options: search?.options ?? [])
        text = search?.text
    }

    var count: Int { ids.count }

    /// Where `id` is, if a page listed it.
    func position(of id: Record.ID) -> Int? { positions[id] }

    /// Forgets every page (a first page replaces them).
    mutating func removeAll() {
        self = PageRows(index: SearchIndex(options: index.options), text: text)
    }

    private init(index: SearchIndex, text: (@Sendable (Record) -> String)?) {
        self.index = index
        self.text = text
    }

    /// Adds `id` at the end, shown as `row`, unless a page listed it already. - Returns: whether
    /// it was added.
    mutating func append(_ id: Record.ID, _ row: LiveRow<Record>?) -> Bool {
        guard positions[id] == nil else { return false }
        positions[id] = ids.count
        ids.append(id)
        rows.append(row)
        let text = row.map { self.text?($0.record) ?? "" } ?? ""
        texts.append(text)
        index.append(text)
        return true
    }

    /// Shows the row at `position` as `row`; its search text follows when it changed (a rare
    /// rename shifts the texts after it). A deleted row keeps its last text: it shows nowhere.
    mutating func set(_ row: LiveRow<Record>?, at position: Int) {
        rows[position] = row
        guard let row, let text = text?(row.record), text != texts[position] else { return }
        texts[position] = text
        index.replace(at: position, with: text)
    }

    /// `text` folded as the pages' texts are, for ``contains(_:at:)``; `nil` for an empty text
    /// or without a search, which every row matches.
    func query(_ text: String) -> SearchIndex.Query? {
        guard !text.isEmpty, self.text != nil else { return nil }
        return index.query(text)
    }

    /// Whether the row at `position` matches `query` (`nil`: every row does).
    func contains(_ query: SearchIndex.Query?, at position: Int) -> Bool {
        query.map { index.contains($0, at: position) } ?? true
    }

    /// The positions whose text contains `text`, ascending: every position for an empty text or
    /// without a search.
    func positions(matching text: String) -> [Int] {
        guard !text.isEmpty, self.text != nil else { return Array(ids.indices) }
        return index.matches(text)
    }
}
