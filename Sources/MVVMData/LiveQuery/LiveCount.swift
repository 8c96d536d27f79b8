/// A count a screen shows beside a ``LiveQuery``'s rows (the user list's active users): the
/// server's figure, moved by the writes it has not answered, in the same update as the rows.
///
/// ```swift
/// extension LiveCount<User> {
///     static let active = LiveCount("active") { $0.isActive }
/// }
/// ```
///
/// The count is its own key: the server's figures come as `[.active: 30]`, and
/// ``LiveRows/counts`` holds them so, never by a string a typo breaks. Two counts are the same
/// key when their names are.
public struct LiveCount<Record>: Sendable, Hashable, CustomReflectable {
    /// Its name: what tells it from the other counts of its query, and the key its figure is
    /// saved under on the device (so a name, once shipped, stays).
    package let name: String
    /// Whether a record is counted.
    package let includes: @Sendable (Record) -> Bool

    /// A count named `name` of the records for which `includes` is true.
    public init(_ name: String, where includes: @escaping @Sendable (Record) -> Bool) {
        self.name = name
        self.includes = includes
    }

    /// Whether both are the count of that name.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The name alone: a test's diff shows `LiveCount(name: "active")`.
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}

extension LiveCount {
    /// The count shown: the server's `figure` moved by the writes `records` holds that the server
    /// has not answered, within `0...Int.max` whatever figure the server sent (data from the
    /// network never traps the app).
    @MainActor func shown<Write: RecordWrite>(_ figure: Int, records: RecordStore<Write>) -> Int where Write.Record == Record {
        Self.moving(figure, by: pendingDelta(records))
    }

    /// The server's figure once it has taken a write: the count `shown` before, less what the
    /// writes still pending move it by, so the count shown stays as it is (no flicker).
    @MainActor func serverFigure<Write: RecordWrite>(shown: Int, records: RecordStore<Write>) -> Int where Write.Record == Record {
        Self.moving(shown, by: -pendingDelta(records))
    }

    /// How the writes the server has not answered move this count.
    @MainActor private func pendingDelta<Write: RecordWrite>(_ records: RecordStore<Write>) -> Int where Write.Record == Record {
        records.pendingIDs.reduce(0) { delta, id in
            guard let before = records.confirmedValue(for: id) else { return delta }
            let after = records.value(for: id).map(includes) ?? false
            return delta + (after ? 1 : 0) - (includes(before) ? 1 : 0)
        }
    }

    private static func moving(_ count: Int, by delta: Int) -> Int {
        let (sum, overflowed) = count.addingReportingOverflow(delta)
        return overflowed ? (delta > 0 ? .max : 0) : max(0, sum)
    }
}
