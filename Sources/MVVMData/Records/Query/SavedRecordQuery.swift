import Foundation

/// A query a ``QueryableRecordStorage`` answers from its saved records, as a ``RecordStore``
/// asks it for a live query's rows on the device: the records indexed by one layout whose fields
/// have the values asked, whose folded search text contains the folded query, in the order of one
/// field (then of their ids' bytes), after a position, at most a number.
///
/// `answer(from:)` is the reference answer, which ``InMemoryRecordStorage`` gives; a storage
/// of its own answers the same (SQLite: `SQLiteRecordStorage`).
public struct SavedRecordQuery: Hashable, Sendable {
    /// The layout of the index a record must be saved with (``SavedRecord/Index/layout``).
    public var layout: String
    /// The value each field must have, by the field's position.
    public var conditions: [Int: RecordFieldValue]
    /// The position of the field the records are ordered by.
    public var order: Int
    /// Whether the order is descending (the ids' bytes too).
    public var descending: Bool
    /// The text the folded search text must contain (folded as the texts were); every record
    /// when empty. A storage may return records whose text contains it where the store's exact
    /// rules do not (a match inside one character's folding): the store checks each one.
    public var search: String
    /// Records at or before this position in the order are left out: the last row of the page
    /// before.
    public var after: RecordPosition?
    /// The most records to return.
    public var limit: Int

    /// A query.
    public init(
        layout: String, conditions: [Int: RecordFieldValue] = [:], order: Int, descending: Bool = false,
        search: String = "", after: RecordPosition? = nil, limit: Int
    ) {
        self.layout = layout
        self.conditions = conditions
        self.order = order
        self.descending = descending
        self.search = search
        self.after = after
        self.limit = limit
    }

    /// Where `record` stands in this query's order; `nil` when it has no index or no such field.
    public func position(of record: SavedRecord) -> RecordPosition? {
        guard let index = record.index, index.fields.indices.contains(order) else { return nil }
        return RecordPosition(value: index.fields[order], id: record.id)
    }

    /// Whether `record` is one this query returns, the limit aside.
    package func admits(_ record: SavedRecord) -> Bool {
        guard record.value != nil, let index = record.index, index.layout == layout, let position = position(of: record) else { return false }
        for (field, value) in conditions {
            guard index.fields.indices.contains(field), index.fields[field] == value else { return false }
        }
        if let after, !isBefore(after, position) { return false }
        return search.isEmpty || index.search.utf8.contains(search.utf8)
    }

    /// Whether position `lhs` comes before `rhs` in this query's order.
    package func isBefore(_ lhs: RecordPosition, _ rhs: RecordPosition) -> Bool {
        descending ? rhs.precedes(lhs) : lhs.precedes(rhs)
    }

    /// The answer from `records`: those admitted, in order, at most ``limit``.
    package func answer(from records: some Sequence<SavedRecord>) -> [SavedRecord] {
        let admitted = records.filter(admits).map { (record: $0, position: position(of: $0)!) }   // admitted: it has one
        return admitted.sorted { isBefore($0.position, $1.position) }.prefix(max(0, limit)).map(\.record)
    }
}

extension Collection where Element: Equatable {
    /// Whether `other` occurs in `self` as a contiguous run.
    fileprivate func contains(_ other: some Collection<Element>) -> Bool {
        guard let first = other.first else { return true }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: other) { return true }
            start = index(after: found)
        }
        return false
    }
}
