import Foundation
import GRDB
import HummingbirdBcrypt

/// The demo's accounts and their sessions, in the server's SQLite file.
///
/// An account is a login id and a salted bcrypt hash of its password (never the password). A
/// sign-in answers an access token, good for ``tokenLifetime``, and a refresh token, good once
/// for ``refreshLifetime``: a refresh revokes the token it was given and answers a new pair, in
/// one transaction. A sign-in and the refreshes after it are a family: a refresh token seen twice
/// was stolen or replayed, and revokes its family; a sign-out revokes its family too, and the
/// family's access tokens stop working at once (`AccountStoreTests`). Access tokens live in
/// memory: a server restarted answers 401 to the old ones, and the app refreshes.
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
    /// Access tokens given, with their login id, their session's family (a sign-in and every
    /// refresh after it) and when they stop working.
    private var accessTokens: [String: (loginID: String, family: String, expires: Date)] = [:]

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
        if isOpen { return try await startSession(loginID: account?.loginID ?? loginID, family: RandomToken.make(), spending: nil) }
        // A login id with no account is checked against a hash of the demo account's cost, so
        // that a wrong id takes as long as a wrong password: the time of an answer does not tell
        // whether an account exists. A password bcrypt would cut (a NUL) is never one's own.
        guard let account, !password.utf8.contains(0) else {
            _ = await Self.verify(password, hash: UserMigrations.demoPasswordHash)
            return nil
        }
        guard await Self.verify(password, hash: account.hash) else { return nil }
        return try await startSession(loginID: account.loginID, family: RandomToken.make(), spending: nil)
    }

    /// A new pair for `refreshToken`, which stops working, in one transaction with the new one's
    /// making (a failure leaves the old one good); `nil` when it is unknown, expired, revoked or
    /// used before. A token used before was stolen or replayed: its whole family (the sign-in
    /// and every refresh after it) is revoked, and its access tokens stop working.
    func refresh(_ refreshToken: String) async throws -> SessionTokens? {
        let now = now().timeIntervalSince1970
        let found = try await database.read { db -> (loginID: String, family: String, isLive: Bool)? in
            try Row.fetchOne(db, sql: "SELECT loginID, family, revoked = 0 AND expiresAt > ? AS live FROM session WHERE token = ?", arguments: [now, refreshToken])
                .map { ($0["loginID"], $0["family"], $0["live"]) }
        }
        guard let found else { return nil }
        guard found.isLive else {
            try await revoke(family: found.family)
            return nil
        }
        return try await startSession(loginID: found.loginID, family: found.family, spending: refreshToken)
    }

    /// Revokes `refreshToken`'s family (the sign-in and every refresh after it): its refresh
    /// tokens and its access tokens stop working. Nothing when it is unknown.
    func signOut(_ refreshToken: String) async throws {
        let family = try await database.read { db in
            try String.fetchOne(db, sql: "SELECT family FROM session WHERE token = ?", arguments: [refreshToken])
        }
        if let family { try await revoke(family: family) }
    }

    private func revoke(family: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE session SET revoked = 1 WHERE family = ?", arguments: [family])
        }
        accessTokens = accessTokens.filter { $0.value.family != family }
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

    /// A new pair for `loginID` in `family`; `spending` (a refresh token) stops working in the
    /// same transaction, and when it was spent meanwhile (two refreshes at once), nothing is made.
    private func startSession(loginID: String, family: String, spending: String?) async throws -> SessionTokens? {
        let access = RandomToken.make(), refresh = RandomToken.make()
        let start = now()
        let refreshExpires = start.addingTimeInterval(Self.seconds(refreshLifetime)).timeIntervalSince1970
        let made = try await database.write { db -> Bool in
            if let spending {
                try db.execute(sql: "UPDATE session SET revoked = 1 WHERE token = ? AND revoked = 0", arguments: [spending])
                guard db.changesCount == 1 else { return false }
            }
            try db.execute(
                sql: "INSERT INTO session (token, loginID, family, expiresAt, revoked) VALUES (?, ?, ?, ?, 0)",
                arguments: [refresh, loginID, family, refreshExpires])
            return true
        }
        guard made else { return nil }
        // Expired tokens go as new ones come: the table in memory holds live sessions only.
        accessTokens = accessTokens.filter { $0.value.expires > start }
        accessTokens[access] = (loginID, family, start.addingTimeInterval(Self.seconds(tokenLifetime)))
        return SessionTokens(accessToken: access, refreshToken: refresh, expiresIn: Int(Self.seconds(tokenLifetime).rounded(.up)), loginID: loginID)
    }

    /// bcrypt is slow on purpose (tens of milliseconds): it runs on a thread of its own, never
    /// on the server's event loops or Swift's pool (on Linux, Dispatch's global queues share the
    /// pool's threads).
    private static func hash(_ password: String, cost: UInt8) async -> String {
        await onThreadOfItsOwn { Bcrypt.hash(password, cost: cost) }
    }

    private static func verify(_ password: String, hash: String) async -> Bool {
        await onThreadOfItsOwn { Bcrypt.verify(password, hash: hash) }
    }

    private static func onThreadOfItsOwn<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
