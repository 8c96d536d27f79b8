/// What a ``LiveQuery`` asks the server for: a page of `query` after `cursor`.
public struct LivePageRequest<Query: Sendable, Cursor: Sendable>: Sendable {
    /// The query the page answers.
    public let query: Query
    /// Where the page starts: `nil` for the first page.
    public let cursor: Cursor?
    /// How many records to ask for.
    public let size: Int

    /// Whether it asks for the first page.
    package var isFirstPage: Bool { cursor == nil }
}

/// The server's answer to a ``LivePageRequest``: the records in the server's order, where the
/// next page starts, and ids the server no longer has (if it says).
public struct LivePage<Record: Identifiable, Cursor> {
    /// The page's records, in order.
    public var records: [Record]
    /// Where the next page starts; `nil` on the last page.
    public var nextCursor: Cursor?
    /// Records the server says are gone.
    public var gone: [Record.ID]

    /// A page of `records`, followed by the page at `nextCursor` (none when `nil`).
    public init(records: [Record], nextCursor: Cursor?, gone: [Record.ID] = []) {
        self.records = records
        self.nextCursor = nextCursor
        self.gone = gone
    }
}

extension LivePage: Sendable where Record: Sendable, Record.ID: Sendable, Cursor: Sendable {}
