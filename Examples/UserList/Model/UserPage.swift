public import MVVMCore

/// One page of the server's answer, or the saved copy of one when the server could not answer.
public struct UserPage: Equatable, Sendable, Codable {
    /// The page's users, in order.
    public var users: [User]
    /// How many users match the query in all.
    public var total: Int
    /// Where the next page starts (an opaque cursor to send back); `nil` on the last page.
    public var nextCursor: String?
    /// Where the page came from: the server, or the device's saved copy (not saved itself).
    public var origin: DataOrigin = .network
    /// Why the server's page is not shown, when ``origin`` is the saved copy.
    public var failure: UserError?

    private enum CodingKeys: String, CodingKey {
        case users, total, nextCursor
    }

    /// Creates a page.
    public init(users: [User], total: Int, nextCursor: String?, origin: DataOrigin = .network, failure: UserError? = nil) {
        self.users = users
        self.total = total
        self.nextCursor = nextCursor
        self.origin = origin
        self.failure = failure
    }

    /// Whether a further page exists.
    public var hasMore: Bool { nextCursor != nil }
}
