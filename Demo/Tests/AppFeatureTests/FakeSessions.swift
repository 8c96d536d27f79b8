import MVVMData
import MVVMTestSupport
import RegistrationFeature

/// Sessions a test drives: a sign-in is accepted at once for any login id, and the test can
/// say the server refused the session.
final class FakeSessions: SessionRepository {
    private let stream: AsyncStream<AuthStatus>
    private let continuation: AsyncStream<AuthStatus>.Continuation
    private let signOuts = LockedValue(0)

    /// Sessions starting as `status`.
    init(_ status: AuthStatus) {
        (stream, continuation) = AsyncStream.makeStream()
        continuation.yield(status)
    }

    /// How many times the app signed out.
    var signOutCount: Int { signOuts.value }

    /// The server refused `account`'s session.
    func refuse(_ account: String) {
        continuation.yield(.needsSignIn(account: account))
    }

    func signIn(loginID: String, password: String) async throws(SignInError) {
        continuation.yield(.signedIn(account: loginID))
    }

    func signOut() async {
        signOuts.withValue { $0 += 1 }
        continuation.yield(.signedOut)
    }

    func statusChanges() async -> AsyncStream<AuthStatus> { stream }
}
