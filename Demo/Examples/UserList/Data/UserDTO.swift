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

/// `GET /api/users`'s answer (the fields the app reads).
struct UserPageDTO: Decodable, Sendable {
    var items: [UserDTO]
    var total: Int
    /// Where the next page starts; `null` on the last page.
    var nextCursor: String?
}

/// `GET /api/users/stats`'s answer: counts with `0 <= active <= total`, or a decoding error
/// (counts the screen would do arithmetic on are checked where they enter).
struct UserStatsDTO: Decodable, Sendable {
    var total: Int
    var active: Int

    init(total: Int, active: Int) {
        self.total = total
        self.active = active
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let total = try container.decode(Int.self, forKey: .total)
        let active = try container.decode(Int.self, forKey: .active)
        guard total >= 0, (0...total).contains(active) else {
            throw DecodingError.dataCorruptedError(
                forKey: .active, in: container,
                debugDescription: "Counts out of range: \(active) active of \(total)."
            )
        }
        self.init(total: total, active: active)
    }

    private enum CodingKeys: String, CodingKey {
        case total, active
    }
}

/// `PATCH /api/users/{id}`'s body.
struct ActivityChangeDTO: Encodable, Sendable {
    var isActive: Bool
}
