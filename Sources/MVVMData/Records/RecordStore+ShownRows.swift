import MVVMCollections

/// Changed records as the live queries show them, worked out once per change.
///
/// Every ``LiveQuery`` on screen hears of each change and shows each changed record it lists:
/// with 20 lists on screen, a page of 50 changed users was worked out 1,000 times (the value with
/// its pending writes, the pending mark, the search text), each time through generic code. While
/// a change is told, the store keeps what it worked out, so each record is worked out once; and a
/// query asks for all its rows in one call, not one call per row, since each call into generic
/// code looks up its types again (`live/page-of-50-reaches-20-queries-100k` in Benchmarks).
extension RecordStore {
    /// The rows of `ids` as every screen shows them, the query aside, in the order of `ids`.
    func shownRows(for ids: [ID]) -> [ShownRow<Record>] {
        var rows: [ShownRow<Record>] = []
        rows.reserveCapacity(ids.count)
        for id in ids {
            if let known = shownRows?[id] {
                rows.append(known)
                continue
            }
            let row = value(for: id).map { LiveRow($0, pending: pendingWrite(for: id)) }
            let shown = ShownRow(row: row, text: row.flatMap { row in search.map { $0.text(row.record) } })
            shownRows?[id] = shown
            rows.append(shown)
        }
        return rows
    }

    /// `text` folded once for ``matches(_:_:)``; `nil` for an empty text or without a
    /// ``RecordSearch``: every row matches.
    func searchQuery(_ text: String) -> SearchIndex.Query? {
        guard !text.isEmpty, let seen else { return nil }
        return seen.query(text)
    }

    /// Whether `shown` matches `query` (``searchQuery(_:)``), as `RecordSearch.matches(_:_:)`
    /// says: from the text the search index folded when the record was merged, when the row shows
    /// that text (a change that moved no text, such as a flag); else its text folded now. A page
    /// of 50 changed users checked by a list answered on the device folded 50 texts (0.4 ms, as
    /// much as the 20 other lists took).
    func matches(_ shown: ShownRow<Record>, _ query: SearchIndex.Query?) -> Bool {
        guard let query, let search else { return true }
        guard let row = shown.row, let text = shown.text else { return false }
        if let known = seen?.contains(query, for: row.id, text: text) { return known }
        return SearchIndex([text], options: search.options).contains(query, at: 0)
    }

    /// Tells each observer of a change through `body`, keeping the rows worked out meanwhile. A
    /// change told by an observer (a write it makes) forgets them: the records changed.
    func tellingObservers(_ body: () -> Void) {
        let isNested = shownRows != nil
        shownRows = [:]
        body()
        shownRows = isNested ? [:] : nil
    }
}

/// A record as every screen shows it, the query aside (``RecordStore/shownRows(for:)``).
struct ShownRow<Record: Identifiable> {
    /// The row; `nil` when the record is deleted or being deleted.
    let row: LiveRow<Record>?
    /// Its search text (the store's ``RecordSearch``'s); `nil` without a search or a row.
    let text: String?
}
