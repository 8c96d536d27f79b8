/// Where a page of users starts: the first page, or after the row an earlier page ended with
/// (the server's opaque `nextCursor`).
public enum UserCursor: Hashable, Sendable {
    /// The first page.
    case first
    /// The page after the one whose `nextCursor` this is.
    case after(String)

    /// The `cursor` query value: `nil` for the first page.
    public var value: String? {
        if case .after(let cursor) = self { return cursor }
        return nil
    }
}
