public import MVVMCore
import MVVMData

extension Dependencies {
    /// Where accounts sign in and out: set once by an app around what it makes, overridden by a
    /// test the same way. An app that sets none is signed out for good: every sign-in fails with
    /// ``SignInError/unknown``.
    public var sessions: any SessionRepository {
        get { self[SessionRepositoryKey.self] }
        set { self[SessionRepositoryKey.self] = newValue }
    }
}

enum SessionRepositoryKey: Dependencies.Key {
    static var liveValue: any SessionRepository { UnsetSessionRepository() }
}

/// The repository of an app that set none (`Dependencies.sessions`).
struct UnsetSessionRepository: SessionRepository {
    func signIn(loginID: String, password: String) async throws(SignInError) { throw .unknown }
    func signOut() async {}
    func statusChanges() async -> AsyncStream<AuthStatus> {
        AsyncStream { $0.yield(.signedOut) }
    }
}
