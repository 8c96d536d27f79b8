/// Whether an ``AuthSession`` has an account signed in.
public enum AuthStatus: Sendable, Hashable {
    /// No account: never signed in, or signed out.
    case signedOut
    /// `account` is signed in: requests carry its token.
    case signedIn(account: String)
    /// The server refused `account`'s refresh token (expired, revoked): the app asks the person
    /// to sign in again. Writes refused meanwhile stay in the outbox when the app's `isRetryable`
    /// waits out an unauthorized answer; keeping them for `account` alone (an outbox per
    /// account) is the app's, as the demo's next step (issue 53).
    case needsSignIn(account: String)
}
