/// A user as the API sends it.
struct UserDTO: Codable, Equatable, Sendable {
    let id: Int
    let name: String
    let email: String
    let isActive: Bool
    let avatarURL: String?
}

/// A page of `GET /api/users`.
struct PageDTO: Codable, Equatable, Sendable {
    let items: [UserDTO]
    /// `nil` for a page asked for by cursor.
    let page: Int?
    let size: Int
    let total: Int
    let hasMore: Bool
    let nextCursor: String?
}

/// The body of `GET /api/users/stats`.
struct StatsDTO: Codable, Equatable, Sendable {
    let total: Int
    let active: Int
}

/// The body of every error response.
struct ErrorDTO: Codable, Equatable, Sendable {
    struct Detail: Codable, Equatable, Sendable {
        let code: String
        let message: String
    }

    let error: Detail
}

/// The body of `GET /api/forecast/cities`.
struct CitiesDTO: Codable, Equatable, Sendable {
    struct City: Codable, Equatable, Sendable {
        let code: String
        let name: String
        let prefecture: String
    }

    let cities: [City]
}
