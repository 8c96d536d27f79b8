/// A change to a user that the server confirmed on one screen, which other screens showing that
/// user follow (see ``UserChanges``).
public enum UserChange: Hashable, Sendable {
    /// The server saved this user (its active flag changed).
    case saved(User)
    /// The user was deleted from this app.
    case deleted(userID: Int)
    /// The server has no such user: it was deleted elsewhere.
    case gone(userID: Int)
    /// The server refused a write made while it could not be reached (queued in the outbox):
    /// screens showing it as done undo it, and one says why.
    case refused(UserWrite, UserError)
    /// The device's saved queue of writes had a problem (damage kept aside, a write saved by an
    /// older version that cannot be read, an answer that could not be recorded): screens say so
    /// and read the server's rows again.
    case notSaved(UserError)

    /// The user the change is about; `nil` when it is about no one user.
    public var userID: Int? {
        switch self {
        case .saved(let user): user.id
        case .deleted(let userID), .gone(let userID): userID
        case .refused(let write, _): write.userID
        case .notSaved: nil
        }
    }
}
