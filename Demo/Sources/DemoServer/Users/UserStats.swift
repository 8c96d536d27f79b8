/// The body of `GET /api/users/stats`: counts over the whole table.
struct UserStats: Encodable, Sendable, Equatable {
    let total: Int
    let active: Int
}
