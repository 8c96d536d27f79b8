import MVVMCore

/// What a sign-in or a refresh answers: the access token sent with each request, the refresh
/// token that gets a new pair, and the account they belong to.
///
/// Every printed form hides the tokens (`description`, `debugDescription`, `dump`, `Mirror`, so
/// a test's diff and a state-change log too), as MVVMCore's `Sensitive` does: only the account shows.
public struct AuthTokens: Codable, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Sent as `Authorization: Bearer <accessToken>`.
    public var accessToken: String
    /// Traded for a new pair when the access token is refused.
    public var refreshToken: String
    /// The account signed in (its login id): whose data this is.
    public var account: String

    /// Tokens of `account`.
    public init(accessToken: String, refreshToken: String, account: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.account = account
    }

    /// The account, with the tokens hidden: what a log or a test failure may show.
    public var description: String { "AuthTokens(account: \(account), tokens: \(Sensitive<String>.redacted))" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The account, and the tokens as `<redacted>`: reflection (`dump`, a test's diff) never
    /// reaches them.
    public var customMirror: Mirror {
        Mirror(self, children: ["account": account, "tokens": Sensitive<String>.redacted], displayStyle: .struct)
    }
}
