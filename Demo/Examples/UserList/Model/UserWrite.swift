public import MVVMData

/// A change the user makes to a user: kept in the outbox, shown on every screen once it is, and
/// sent until the server answers (see ``UserRecords``).
public enum UserWrite: RecordWrite, Hashable {
    /// Set a user's active flag.
    case setActive(Bool, userID: Int)
    /// Delete a user.
    case delete(userID: Int)

    /// The user it changes.
    public var recordID: Int {
        switch self {
        case .setActive(_, let userID), .delete(let userID): userID
        }
    }

    /// The user as the screens show it once the write is made: the flag set, or `nil` (deleted).
    public func applied(to user: User?) -> User? {
        switch self {
        case .setActive(let isActive, _):
            guard var user else { return nil }
            user.isActive = isActive
            return user
        case .delete:
            return nil
        }
    }
}

extension UserWrite {
    /// Whether a failed send may pass, so the outbox tries the write again: no connection, a
    /// 5xx, a request cancelled under the app (the app's own cancellation stops delivery before
    /// this is asked), or an unauthorized answer: the write was not wrong, the token was (expired
    /// while offline, and its refresh refused): it waits, pending, for the account to sign in
    /// again, and is never rolled back for it (issue 53). Anything else is a refusal: the write
    /// is rolled back.
    public static func isRetryable(_ error: any Error) -> Bool {
        guard let error = error as? UserError else { return false }
        return error.isRetryable || error == .cancelled || error == .unauthorized
    }
}

/// Every user the app has seen, as every screen shows them: the server's values merged from
/// pages and details, with the writes the server has not answered applied, pending.
public typealias UserRecords = RecordStore<UserWrite>

extension RecordSearch<User> {
    /// The demo API's search: name and email, case-, diacritic- and width-insensitive, and the
    /// fields its list orders and filters by. Give it to ``UserRecords`` so that a search answered
    /// on the device finds what the server would (in the storage, when it answers queries).
    public static let users = RecordSearch(options: [.diacriticInsensitive, .widthInsensitive], fields: [.id, .isActive]) {
        "\($0.name) \($0.email)"
    }
}
