/// A change to a user the server has not confirmed yet: what the user list keeps in its outbox
/// while the server cannot be reached, and sends when it can.
public enum UserWrite: Codable, Hashable, Sendable {
    /// Set a user's active flag.
    case setActive(Bool, userID: Int)
    /// Delete a user.
    case delete(userID: Int)

    /// The user it changes.
    public var userID: Int {
        switch self {
        case .setActive(_, let userID), .delete(let userID): userID
        }
    }
}
