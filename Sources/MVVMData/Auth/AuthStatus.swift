/// Whether an ``AuthSession`` has an account signed in.
public enum AuthStatus: Sendable, Hashable {
    /// No account: never signed in, or signed out.
    case signedOut
    /// `account` is signed in: requests carry its token.
    case signedIn(account: String)
    /// The server refused `account`'s refresh token (expired, revoked): the app asks the person
    /// to sign in again. What the account left unsent waits for the same account.
    case needsSignIn(account: String)
}
