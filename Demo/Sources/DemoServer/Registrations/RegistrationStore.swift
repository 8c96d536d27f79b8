import Foundation

/// Registers login ids as accounts (``AccountStore``), in the server's SQLite file.
///
/// A login id is taken when it is reserved (``AccountStore/reservedLoginIDs``), when it is the
/// email of a user in the database, or when an account has it; all three compare
/// case-insensitively. The account table's unique key decides between concurrent registrations
/// of one id: exactly one succeeds.
struct RegistrationStore: Sendable {
    /// The demo's clock: the n-th registration is stamped n seconds after this moment
    /// (2024-10-01T00:00:00Z), so answers are deterministic.
    static let epoch = Date(timeIntervalSince1970: 1_727_740_800)

    let users: UserStore
    let accounts: AccountStore

    /// Registers `loginID` (already trimmed and valid) with `password`.
    ///
    /// - Returns: the registration, or `nil` when the id is taken.
    func register(loginID: String, password: String) async throws -> Registration? {
        guard try await !users.hasUser(email: AccountStore.key(for: loginID)) else { return nil }
        guard let number = try await accounts.create(loginID: loginID, password: password) else { return nil }
        return Registration(loginID: loginID, registeredAt: Self.timestamp(ofRegistration: number))
    }

    /// `2024-10-01T00:00:0nZ` for the n-th registration.
    static func timestamp(ofRegistration number: Int) -> String {
        epoch.addingTimeInterval(TimeInterval(number)).formatted(.iso8601)
    }
}
