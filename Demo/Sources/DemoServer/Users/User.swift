import GRDB

/// A user as the API sends it: `{"id", "name", "email", "isActive", "avatarURL"}`, with
/// `avatarURL` always present (`null` when there is none).
///
/// `avatarURL` is not read from the database: it follows from the id (``UserAvatar``), so every
/// user, seeded or added later, and every database, old or new, answers by the same rule.
struct User: Encodable, Sendable, Equatable, FetchableRecord {
    let id: Int
    let name: String
    let email: String
    let isActive: Bool

    /// The path of the user's avatar under the API's base URL, such as `/api/users/17/avatar`;
    /// `nil` for a user without one.
    var avatarURL: String? { UserAvatar.path(forUserID: id) }

    /// The columns to select for a `User`.
    static let columns = "id, name, email, isActive"

    private enum CodingKeys: String, CodingKey {
        case id, name, email, isActive, avatarURL
    }

    /// A user with these values.
    init(id: Int, name: String, email: String, isActive: Bool) {
        self.id = id
        self.name = name
        self.email = email
        self.isActive = isActive
    }

    /// A user from a row selected with ``columns``.
    init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: "id"),
            name: try row.decode(forColumn: "name"),
            email: try row.decode(forColumn: "email"),
            isActive: try row.decode(forColumn: "isActive")
        )
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(email, forKey: .email)
        try container.encode(isActive, forKey: .isActive)
        try container.encode(avatarURL, forKey: .avatarURL)
    }
}
