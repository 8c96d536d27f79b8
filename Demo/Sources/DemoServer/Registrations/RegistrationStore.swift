import Foundation

/// The registrations made during this server's life, in memory.
///
/// A login id is taken when it is reserved (``reservedLoginIDs``), when it is the email of a user
/// in the database, or when it was registered before; all three compare case-insensitively. The
/// actor claims an id with no suspension between the last check and the insert, so concurrent
/// registrations of one id give exactly one success.
actor RegistrationStore {
    /// Ids taken from the start, lower-cased.
    static let reservedLoginIDs: Set<String> = ["admin", "taro", "hanako"]

    /// The demo's clock: the n-th registration is stamped n seconds after this moment
    /// (2024-10-01T00:00:00Z), so answers are deterministic.
    static let epoch = Date(timeIntervalSince1970: 1_727_740_800)

    private let users: UserStore
    /// The registered ids, as ``key(for:)`` gives them.
    private var registered: Set<String> = []

    /// A store that checks emails against `users`.
    init(users: UserStore) {
        self.users = users
    }

    /// Registers `loginID` (already trimmed and non-blank).
    ///
    /// - Returns: the registration, or `nil` when the id is taken.
    func register(loginID: String) async throws -> Registration? {
        let key = Self.key(for: loginID)
        guard !Self.reservedLoginIDs.contains(key), !registered.contains(key) else { return nil }
        // The actor may run other registrations while the database is read...
        let isUserEmail = try await users.hasUser(email: key)
        // ...so the id is checked again and claimed in one step, with no suspension in between.
        guard !isUserEmail, registered.insert(key).inserted else { return nil }
        return Registration(loginID: loginID, registeredAt: Self.timestamp(ofRegistration: registered.count))
    }

    /// The case-insensitive identity of a login id.
    static func key(for loginID: String) -> String {
        loginID.lowercased()
    }

    /// `2024-10-01T00:00:0nZ` for the n-th registration.
    static func timestamp(ofRegistration number: Int) -> String {
        epoch.addingTimeInterval(TimeInterval(number)).formatted(.iso8601)
    }
}
