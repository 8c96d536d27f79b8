/// A user as the list shows it.
public struct User: Identifiable, Hashable, Sendable, Codable {
    /// The server's id.
    public let id: Int
    /// The display name (Japanese, accented or plain).
    public var name: String
    /// The email address.
    public var email: String
    /// Whether the account is active.
    public var isActive: Bool
    /// The avatar's address, if the user has one: a path under the API's base URL
    /// (`/api/users/7/avatar`).
    public var avatarURL: String?

    /// Creates a user.
    public init(id: Int, name: String, email: String, isActive: Bool, avatarURL: String? = nil) {
        self.id = id
        self.name = name
        self.email = email
        self.isActive = isActive
        self.avatarURL = avatarURL
    }
}

extension User {
    /// ``avatarURL`` when it is a path under the API's base URL (`/…`, not `//host/…`): what
    /// the app loads. Anything else (a URL on another host, text) has no picture to load.
    public var avatarPath: String? {
        guard let avatarURL, avatarURL.hasPrefix("/"), !avatarURL.hasPrefix("//") else { return nil }
        return avatarURL
    }
}

/// Which users the list shows.
public enum UserFilter: String, CaseIterable, Hashable, Sendable {
    /// Everyone.
    case all
    /// Active users only.
    case active
    /// Inactive users only.
    case inactive

    /// Whether `user` passes the filter.
    public func includes(_ user: User) -> Bool {
        switch self {
        case .all: true
        case .active: user.isActive
        case .inactive: !user.isActive
        }
    }
}

/// Counts over all users.
public struct UserStats: Equatable, Sendable, Codable {
    /// Every user.
    public var total: Int
    /// Active users.
    public var active: Int

    /// Creates stats.
    public init(total: Int, active: Int) {
        self.total = total
        self.active = active
    }
}
