import DemoServer
import Foundation
import MVVMData
import RegistrationFeature

/// The account the demo signs its requests with (issue 53): the server's own `demo` account,
/// signed in by default, so that `swift run` shows the list at once with nothing to type.
///
/// Until the demo has a sign-in screen it knows that account's password: a refresh refused (a
/// server started again on a new database knows none of the old tokens) signs it in again.
/// The first frame never waits for a sign-in: the first request goes unsigned, is answered
/// 401, and the session signs in once for every request that met it (``AuthSession``'s
/// refresh). A server started with `--no-auth` answers unsigned requests as they are.
enum DemoAccount {
    /// Where the session is kept: in memory for the embedded server, whose tokens die with it;
    /// for another server, a 0600 file in the cache folder's `sessions` folder, one per server.
    static func secrets(apiURL: URL, cacheFolder: URL, embedded: Bool) -> (store: any SecretStore, name: String) {
        guard !embedded else { return (InMemorySecretStore(), "session") }
        let origin = DemoOutboxLocation.journalName(for: apiURL).dropFirst("users-".count)
        return (FileSecretStore(directory: cacheFolder.appendingPathComponent("sessions", isDirectory: true)), "session-\(origin)")
    }

    /// The account signed in to that server when the last run ended, whose data this run shows;
    /// the demo account when none is kept (or what is kept cannot be read).
    static func keptAccount(_ secrets: (store: any SecretStore, name: String)) async -> String {
        guard let data = try? await secrets.store.secret(named: secrets.name),
              let tokens = try? JSONDecoder().decode(AuthTokens.self, from: data), !tokens.account.isEmpty
        else { return DemoServer.demoAccount.loginID }
        return tokens.account
    }

    /// The session for the server at `apiURL`: as the last run left it, or the demo account's,
    /// signed in by the first request. Nothing is read or written before that request: the first
    /// frame waits for no disk.
    static func session(apiURL: URL, transport: any HTTPTransport, secrets: (store: any SecretStore, name: String)) -> AuthSession {
        let sessions = SessionRemoteDataSource(client: APIClient(baseURL: apiURL, transport: transport, deadline: DemoCommand.requestDeadline))
        let account = DemoServer.demoAccount
        return AuthSession(secrets: SignedInByDefault(kept: secrets.store, account: account.loginID), secretName: secrets.name) { refreshToken throws(APIError) in
            if !refreshToken.isEmpty {
                do throws(APIError) {
                    return try await sessions.refresh(refreshToken)
                } catch {
                    // Refused: the account signs in again below. Not reached: that error.
                    guard error.status == 400 || error.status == 401 else { throw error }
                }
            }
            return try await sessions.signIn(loginID: account.loginID, password: account.password)
        }
    }

    /// The secrets kept, and where none is (or what is kept cannot be read, or read as a
    /// session): the demo account with no token yet (empty), which its first request refused
    /// signs in.
    private struct SignedInByDefault: SecretStore {
        let kept: any SecretStore
        let account: String

        func secret(named name: String) async throws(CacheStoreError) -> Data? {
            if let secret = try? await kept.secret(named: name), (try? JSONDecoder().decode(AuthTokens.self, from: secret)) != nil {
                return secret
            }
            return try? JSONEncoder().encode(AuthTokens(accessToken: "", refreshToken: "", account: account))
        }

        func setSecret(_ secret: Data?, named name: String) async throws(CacheStoreError) {
            try await kept.setSecret(secret, named: name)
        }
    }
}
