import Foundation
import GRDB
import HummingbirdBcrypt

/// The demo's accounts and their sessions, in the server's SQLite file.
///
/// An account is a login id and a salted bcrypt hash of its password (never the password). A
/// sign-in answers an access token, good for ``tokenLifetime``, and a refresh token, good once
/// for ``refreshLifetime``: a refresh revokes the token it was given and answers a new pair (a
/// token seen twice was stolen or replayed, and gets nothing). A sign-out revokes its refresh
/// token. Access tokens live in memory: a server restarted answers 401 to the old ones, and the
/// app refreshes.
///
/// With ``isOpen`` (the server's `--no-auth`), a sign-in is answered for any login id and any
/// password, and the routes do not ask for a token.
actor AccountStore {
    /// Ids no one may register, lower-cased.
    static let reservedLoginIDs: Set<String> = ["admin", "taro", "hanako"]

    private let database: DatabasePool
    /// How long an access token is good for.
    let tokenLifetime: Duration
    /// How long a refresh token is good for.
    let refreshLifetime: Duration
    /// bcrypt's cost: 2^cost rounds.
    let passwordCost: UInt8
    /// Whether the API is open (`--no-auth`).
    let isOpen: Bool
    private let now: @Sendable () -> Date
    /// Access tokens given, with their login id and when they stop working.
    private var accessTokens: [String: (loginID: String, expires: Date)] = [:]
    /// A hash checked when a login id has no account, so that a wrong id takes as long as a wrong
    /// password: the time of an answer does not tell whether an account exists.
    private var decoy: String?

    init(
        database: DatabasePool, tokenLifetime: Duration, refreshLifetime: Duration = .seconds(30 * 24 * 3_600),
        passwordCost: UInt8, isOpen: Bool, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.database = database
        self.tokenLifetime = tokenLifetime
        self.refreshLifetime = refreshLifetime
        self.passwordCost = passwordCost
        self.isOpen = isOpen
        self.now = now
    }

    /// The case-insensitive identity of a login id.
    static func key(for loginID: String) -> String {
        loginID.lowercased()
    }

    /// Creates the account `loginID` (trimmed, valid) with `password`, unless the id is reserved
    /// or taken by another account. - Returns: how many accounts were registered with this one
    /// (its number, the demo's own not counted), or `nil` when the id is taken.
    func create(loginID: String, password: String) async throws -> Int? {
        let key = Self.key(for: loginID)
        guard !Self.reservedLoginIDs.contains(key) else { return nil }
        let hash = await Self.hash(password, cost: passwordCost)
        let registeredAt = now().timeIntervalSince1970
        return try await database.write { db -> Int? in
            try db.execute(
                sql: "INSERT INTO account (loginID, loginKey, passwordHash, registeredAt) VALUES (?, ?, ?, ?) ON CONFLICT (loginKey) DO NOTHING",
                arguments: [loginID, key, hash, registeredAt])
            guard db.changesCount == 1 else { return nil }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account WHERE isSeeded = 0")
        }
    }

    /// Signs `loginID` in with `password`: a new session, or `nil` when the id has no account or
    /// the password is not its own (the same answer for both). Open: any id and password.
    func signIn(loginID: String, password: String) async throws -> SessionTokens? {
        let key = Self.key(for: loginID)
        let account = try await database.read { db -> (loginID: String, hash: String)? in
            try Row.fetchOne(db, sql: "SELECT loginID, passwordHash FROM account WHERE loginKey = ?", arguments: [key])
                .map { ($0["loginID"], $0["passwordHash"]) }
        }
        if isOpen { return try await startSession(loginID: account?.loginID ?? loginID) }
        guard let account else {
            _ = await Self.verify(password, hash: decoyHash())
            return nil
        }
        guard await Self.verify(password, hash: account.hash) else { return nil }
        return try await startSession(loginID: account.loginID)
    }

    /// A new pair for `refreshToken`, which stops working; `nil` when it is unknown, expired,
    /// revoked or used before.
    func refresh(_ refreshToken: String) async throws -> SessionTokens? {
        let now = now().timeIntervalSince1970
        let loginID = try await database.write { db -> String? in
            guard let loginID = try String.fetchOne(
                db, sql: "SELECT loginID FROM session WHERE token = ? AND revoked = 0 AND expiresAt > ?", arguments: [refreshToken, now])
            else { return nil }
            try db.execute(sql: "UPDATE session SET revoked = 1 WHERE token = ?", arguments: [refreshToken])
            return loginID
        }
        guard let loginID else { return nil }
        return try await startSession(loginID: loginID)
    }

    /// Revokes `refreshToken`; nothing when it is unknown.
    func signOut(_ refreshToken: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE session SET revoked = 1 WHERE token = ?", arguments: [refreshToken])
        }
    }

    /// The login id `accessToken` was given to, while it is good; `nil` otherwise.
    func loginID(for accessToken: String) -> String? {
        guard let entry = accessTokens[accessToken] else { return nil }
        guard entry.expires > now() else {
            accessTokens[accessToken] = nil
            return nil
        }
        return entry.loginID
    }

    /// Every access token stops working, as if its lifetime had passed: for tests, which never
    /// wait for the clock. Refresh tokens keep working.
    func expireAccessTokens() {
        accessTokens.removeAll()
    }

    private func startSession(loginID: String) async throws -> SessionTokens {
        let access = RandomToken.make(), refresh = RandomToken.make()
        let start = now()
        let refreshExpires = start.addingTimeInterval(Self.seconds(refreshLifetime)).timeIntervalSince1970
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO session (token, loginID, expiresAt, revoked) VALUES (?, ?, ?, 0)",
                arguments: [refresh, loginID, refreshExpires])
        }
        // Expired tokens go as new ones come: the table in memory holds live sessions only.
        accessTokens = accessTokens.filter { $0.value.expires > start }
        accessTokens[access] = (loginID, start.addingTimeInterval(Self.seconds(tokenLifetime)))
        return SessionTokens(accessToken: access, refreshToken: refresh, expiresIn: Int(Self.seconds(tokenLifetime).rounded(.up)), loginID: loginID)
    }

    private func decoyHash() async -> String {
        if let decoy { return decoy }
        let made = await Self.hash(RandomToken.make(), cost: passwordCost)
        decoy = made
        return made
    }

    /// bcrypt is slow on purpose (tens of milliseconds): it runs on a Dispatch thread, never on
    /// the server's event loops or Swift's pool.
    private static func hash(_ password: String, cost: UInt8) async -> String {
        await offThePool { Bcrypt.hash(password, cost: cost) }
    }

    private static func verify(_ password: String, hash: String) async -> Bool {
        await offThePool { Bcrypt.verify(password, hash: hash) }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
