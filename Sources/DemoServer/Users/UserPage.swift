/// One page of `GET /api/users`: `{"items", "page", "size", "total", "hasMore"}`.
struct UserPage: Encodable, Sendable, Equatable {
    let items: [User]
    let page: Int
    let size: Int
    /// Users matching the search and status filter, on all pages.
    let total: Int
    /// Whether a later page has users: `page * size < total`.
    let hasMore: Bool
}
