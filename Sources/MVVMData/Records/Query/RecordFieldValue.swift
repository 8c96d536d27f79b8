public import Foundation

/// The value of a ``RecordField`` in one record, as a storage keeps it beside the record: a
/// whole number (a `Bool` is 0 or 1) or a text.
///
/// Values order as SQLite orders them, so that every storage pages alike: numbers before texts,
/// numbers by value, texts by their UTF-8 bytes.
public enum RecordFieldValue: Hashable, Sendable, Comparable {
    /// A whole number.
    case int(Int)
    /// A text.
    case text(String)

    /// Whether `lhs` comes before `rhs`: numbers before texts, numbers by value, texts by UTF-8
    /// bytes (SQLite's `BINARY` collation).
    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.int(let left), .int(let right)): left < right
        case (.int, .text): true
        case (.text, .int): false
        case (.text(let left), .text(let right)): left.utf8.lexicographicallyPrecedes(right.utf8)
        }
    }
}

/// Where a record stands in a query's order: its order field's value, then its id's bytes (two
/// records with one value stand in the order of their ids, as SQLite compares blobs).
public struct RecordPosition: Hashable, Sendable {
    /// The value of the query's order field.
    public var value: RecordFieldValue
    /// The record's id, encoded (``SavedRecord/id``).
    public var id: Data

    /// A position.
    public init(value: RecordFieldValue, id: Data) {
        self.value = value
        self.id = id
    }

    /// Whether `self` comes before `other` in ascending order.
    func precedes(_ other: Self) -> Bool {
        value != other.value ? value < other.value : id.lexicographicallyPrecedes(other.id)
    }
}
