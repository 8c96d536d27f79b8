import DemoServer
import Foundation
import MVVMData
import RegistrationFeature

/// The account the demo signs its requests with (issue 53). With nothing configured it is the
/// server's own `demo` account, signed in by default, so that `swift run` shows the list at once
/// with nothing to type; the home menu signs it out, and the sign-in screen signs in any account.
///
/// The default sign-in waits for no one: the first request goes unsigned, is answered 401, and
/// the session signs `demo` in with its password once for every request that met it
/// (``AuthSession``'s refresh, given a placeholder for a refresh token). Once signed in, an
/// account is an account: a refresh the server refuses asks it to sign in again, the demo
/// account too. A server started with `--no-auth` answers unsigned requests as they are.
enum DemoAccount {
    /// Where the session is kept: in memory for the embedded server, whose tokens die with it;
    /// for another server, a 0600 file in the cache folder's `sessions` folder, one per server.
    static func secrets(apiURL: URL, cacheFolder: URL, embedded: Bool) -> (store: any SecretStore, name: String) {
        guard !embedded else { return (InMemorySecretStore(), "session") }
        let origin = DemoOutboxLocation.journalName(for: apiURL).dropFirst("users-".count)
        return (FileSecretStore(directory: cacheFolder.appendingPathComponent("sessions", isDirectory: true)), "session-\(origin)")
    }

    /// The account signed in to that server when the last run ended (or asked to sign in
    /// again), whose data this run shows: the demo account when none was ever kept; `nil` after
    /// a sign-out.
    static func keptAccount(_ secrets: (store: any SecretStore, name: String)) async -> String? {
        guard let data = try? await SignedInByDefault(kept: secrets.store).secret(named: secrets.name),
              let tokens = try? JSONDecoder().decode(AuthTokens.self, from: data), !tokens.account.isEmpty
        else { return nil }
        return tokens.account
    }

    /// The session for the server at `apiURL`: as the last run left it, or the demo account's,
    /// signed in by the first request. Nothing is sent before that request.
    static func session(apiURL: URL, transport: any HTTPTransport, secrets: (store: any SecretStore, name: String)) -> AuthSession {
        let sessions = SessionRemoteDataSource(client: APIClient(baseURL: apiURL, transport: transport, deadline: DemoCommand.requestDeadline))
        let account = DemoServer.demoAccount
        return AuthSession(secrets: SignedInByDefault(kept: secrets.store), secretName: secrets.name) { refreshToken throws(APIError) in
            guard refreshToken == SignedInByDefault.placeholder else { return try await sessions.refresh(refreshToken) }
            return try await sessions.signIn(loginID: account.loginID, password: account.password)
        }
    }

    /// The secrets kept; where none ever was (or what is kept cannot be read), the demo account
    /// with no token yet, whose first request refused signs it in with its password. A sign-out
    /// is kept as one: the next start shows the sign-in screen.
    private struct SignedInByDefault: SecretStore {
        /// The refresh token of the default session: never sent, traded for a sign-in.
        static let placeholder = "sign-in-as-the-demo-account"
        /// What a sign-out leaves (not a session).
        private static let signedOut = Data("signed-out".utf8)

        let kept: any SecretStore

        func secret(named name: String) async throws(CacheStoreError) -> Data? {
            let secret = try? await kept.secret(named: name)
            if secret == Self.signedOut { return nil }
            if let secret, (try? JSONDecoder().decode(AuthTokens.self, from: secret)) != nil { return secret }
            let account = DemoServer.demoAccount.loginID
            return try? JSONEncoder().encode(AuthTokens(accessToken: "", refreshToken: Self.placeholder, account: account))
        }

        func setSecret(_ secret: Data?, named name: String) async throws(CacheStoreError) {
            try await kept.setSecret(secret ?? Self.signedOut, named: name)
        }
    }
}
