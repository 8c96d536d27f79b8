/// One page of `GET /api/users`: `{"items", "page", "size", "total", "hasMore", "nextCursor"}`.
struct UserPage: Encodable, Sendable, Equatable {
    let items: [User]
    /// The page number asked for; `null` when the page was asked for by cursor.
    let page: Int?
    let size: Int
    /// Users matching the search and status filter, on all pages.
    let total: Int
    /// Whether a later page has users.
    let hasMore: Bool
    /// Where the next page starts (send it back as `cursor`); `null` on the last page.
    let nextCursor: String?

    private enum CodingKeys: String, CodingKey {
        case items, page, size, total, hasMore, nextCursor
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(page, forKey: .page)
        try container.encode(size, forKey: .size)
        try container.encode(total, forKey: .total)
        try container.encode(hasMore, forKey: .hasMore)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}
