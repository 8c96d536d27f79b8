import GRDB

/// A user as the API sends it: `{"id", "name", "email", "isActive", "avatarURL"}`, with
/// `avatarURL` always present (`null` when there is none).
struct User: Codable, Sendable, Equatable, FetchableRecord {
    let id: Int
    let name: String
    let email: String
    let isActive: Bool
    let avatarURL: String?

    /// The columns to select for a `User`.
    static let columns = "id, name, email, isActive, avatarURL"

    private enum CodingKeys: String, CodingKey {
        case id, name, email, isActive, avatarURL
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
