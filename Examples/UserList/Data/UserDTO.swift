/// The demo API's user JSON.
struct UserDTO: Codable, Sendable {
    var id: Int
    var name: String
    var email: String
    var isActive: Bool
    var avatarURL: String?

    var user: User {
        User(id: id, name: name, email: email, isActive: isActive, avatarURL: avatarURL)
    }
}

/// `GET /api/users`'s answer.
struct UserPageDTO: Decodable, Sendable {
    var items: [UserDTO]
    var page: Int
    var size: Int
    var total: Int
    var hasMore: Bool
}

/// `GET /api/users/stats`'s answer.
struct UserStatsDTO: Decodable, Sendable {
    var total: Int
    var active: Int
}

/// `PATCH /api/users/{id}`'s body.
struct ActivityChangeDTO: Encodable, Sendable {
    var isActive: Bool
}
