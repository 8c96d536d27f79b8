/// A count a screen shows beside a ``LiveQuery``'s rows (the user list's active users): the
/// server's figure, moved by the writes it has not answered, in the same update as the rows.
///
/// ```swift
/// extension LiveCount<User> {
///     static let active = LiveCount("active") { $0.isActive }
/// }
/// ```
public struct LiveCount<Record>: Sendable {
    /// Its name: the key of the server's figure (``LiveQuery`` asks for the figures by name) and
    /// of ``LiveRows/counts``.
    public let name: String
    /// Whether a record is counted.
    public let includes: @Sendable (Record) -> Bool

    /// A count named `name` of the records for which `includes` is true.
    public init(_ name: String, where includes: @escaping @Sendable (Record) -> Bool) {
        self.name = name
        self.includes = includes
    }
}
