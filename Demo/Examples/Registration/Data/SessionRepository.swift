public import MVVMData

/// Where a ViewModel signs an account in and out, and learns who is signed in: login ids and
/// ``SignInError``s, never tokens.
public protocol SessionRepository: Sendable {
    /// Signs `loginID` in with `password`: every request is signed as that account from now on,
    /// and ``statusChanges()`` says so.
    ///
    /// Cancelling the calling task cancels the request, with ``SignInError/cancelled``.
    func signIn(loginID: String, password: String) async throws(SignInError)

    /// Signs the account out: forgotten on this device first, then its refresh token revoked on
    /// the server when the server can be reached (a sign-out never waits for the network to
    /// succeed).
    func signOut() async

    /// Who is signed in now, then each change.
    func statusChanges() async -> AsyncStream<AuthStatus>
}

/// The repository over the demo server's sessions and an ``AuthSession``.
public struct RemoteSessionRepository: SessionRepository {
    private let dataSource: SessionRemoteDataSource
    private let session: AuthSession

    /// A repository signing in through `dataSource` and keeping the tokens in `session`.
    public init(dataSource: SessionRemoteDataSource, session: AuthSession) {
        self.dataSource = dataSource
        self.session = session
    }

    public func signIn(loginID: String, password: String) async throws(SignInError) {
        let tokens = try await withDomainErrors(SignInError.self) { () async throws(APIError) in
            try await dataSource.signIn(loginID: loginID, password: password)
        }
        do {
            try await session.signIn(tokens)
        } catch {
            throw .notKept
        }
    }

    public func signOut() async {
        // Forgotten here even when the secret store fails (this run signs out all the same).
        guard let forgotten = try? await session.signOut(), !forgotten.refreshToken.isEmpty else { return }
        try? await dataSource.signOut(forgotten.refreshToken)
    }

    public func statusChanges() async -> AsyncStream<AuthStatus> {
        await session.restore()
        return await session.statusChanges()
    }
}
