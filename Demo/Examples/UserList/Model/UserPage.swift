/// One page of the server's answer.
public struct UserPage: Equatable, Sendable, Codable {
    /// The page's users, in order.
    public var users: [User]
    /// How many users match the query in all.
    public var total: Int
    /// Where the next page starts (an opaque cursor to send back); `nil` on the last page.
    public var nextCursor: String?

    /// Creates a page.
    public init(users: [User], total: Int, nextCursor: String?) {
        self.users = users
        self.total = total
        self.nextCursor = nextCursor
    }

    /// Whether a further page exists.
    public var hasMore: Bool { nextCursor != nil }
}
