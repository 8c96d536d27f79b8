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

    /// Where the pages list `ids`, ascending (those they list).
    func positions(of ids: Set<Record.ID>) -> [Int] {
        var found: [Int] = []
        for id in ids {
            if let position = positions[id] { found.append(position) }
        }
        return found.sorted()
    }

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

    /// The ids at `positions`.
    func ids(at positions: [Int]) -> [Record.ID] {
        positions.map { ids[$0] }
    }

    /// Shows the row at each of `positions` as `shown` says, whose search text is the pages'
    /// ``RecordSearch``'s, worked out by the store; the index follows a text that changed (a
    /// rare rename shifts the texts after it). A deleted row keeps its last text: it shows
    /// nowhere.
    mutating func set(_ shown: [ShownRow<Record>], at positions: [Int]) {
        // Index loops: `zip` in generic code looks its types up on every step.
        for item in positions.indices {
            let position = positions[item], shown = shown[item]
            rows[position] = shown.row
            guard shown.row != nil, self.text != nil, let text = shown.text, text != texts[position] else { continue }
            texts[position] = text
            index.replace(at: position, with: text)
        }
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
