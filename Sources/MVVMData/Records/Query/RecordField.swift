/// A value of a record that a storage keeps beside it, so that a query filters and orders by it
/// without reading the record: the user list's `isActive` and `id`.
///
/// Declared once on the store's ``RecordSearch`` (`fields:`), named in a ``LiveQueryRules``:
///
/// ```swift
/// extension RecordField<User> {
///     static let id = RecordField("id") { $0.id }
///     static let isActive = RecordField("isActive") { $0.isActive }
/// }
/// ```
///
/// Its name is how a storage knows it: change the name when what the field reads changes, and
/// the store indexes every saved record again at its next start.
public struct RecordField<Record>: Sendable {
    /// What tells the field from the store's others, and from what it was before.
    package let name: String
    /// The field's value in `record`.
    package let value: @Sendable (Record) -> RecordFieldValue

    /// A field of whole numbers.
    public init(_ name: String, _ value: @escaping @Sendable (Record) -> Int) {
        self.name = name
        self.value = { .int(value($0)) }
    }

    /// A field of texts, ordered by their UTF-8 bytes.
    public init(_ name: String, _ value: @escaping @Sendable (Record) -> String) {
        self.name = name
        self.value = { .text(value($0)) }
    }

    /// A field of `Bool`s, kept as 0 and 1.
    public init(_ name: String, _ value: @escaping @Sendable (Record) -> Bool) {
        self.name = name
        self.value = { .int(value($0) ? 1 : 0) }
    }

    /// The condition that this field is `value`.
    public func equals(_ value: Int) -> RecordCondition<Record> {
        RecordCondition(field: self, value: .int(value))
    }

    /// The condition that this field is `value`.
    public func equals(_ value: String) -> RecordCondition<Record> {
        RecordCondition(field: self, value: .text(value))
    }

    /// The condition that this field is `value`.
    public func equals(_ value: Bool) -> RecordCondition<Record> {
        RecordCondition(field: self, value: .int(value ? 1 : 0))
    }
}

/// That a ``RecordField`` of a record has a value: a query's filter is a list of them, all true
/// (`[RecordField.isActive.equals(true)]`).
public struct RecordCondition<Record>: Hashable, Sendable {
    /// The field.
    package let field: RecordField<Record>
    /// The value it must have.
    package let value: RecordFieldValue

    /// Whether `record` meets it.
    public func holds(for record: Record) -> Bool {
        field.value(record) == value
    }

    /// Whether both ask the same value of fields of one name.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.field.name == rhs.field.name && lhs.value == rhs.value
    }

    /// Hashes the field's name and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(field.name)
        hasher.combine(value)
    }
}
