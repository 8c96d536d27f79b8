/// Whether an ``AuthSession`` has an account signed in.
public enum AuthStatus: Sendable, Hashable {
    /// No account: never signed in, or signed out.
    case signedOut
    /// `account` is signed in: requests carry its token.
    case signedIn(account: String)
    /// The server refused `account`'s refresh token (expired, revoked): the app asks the person
    /// to sign in again, this run and the next (the secret store keeps the account's name).
    /// Writes refused meanwhile stay in the outbox when the app's `isRetryable` waits out an
    /// unauthorized answer; an app keeps them for `account` alone (the demo: an outbox in each
    /// account's folder) and sends them once it signs in again.
    case needsSignIn(account: String)
}
