import Foundation
public import MVVMData

/// Signs an account in to the demo server, and keeps its requests signed (issue 53).
///
/// Its client has no ``AuthSession``: a sign-in and a refresh are not signed themselves.
public struct SessionRemoteDataSource: RemoteDataSource {
    /// The client, with the server's base URL and no session.
    public let client: APIClient

    /// A data source sending through `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// `POST /api/sessions`: the account's tokens, or the server's 401 for a login id or a
    /// password that is wrong.
    public func signIn(loginID: String, password: String) async throws(APIError) -> AuthTokens {
        try await fetch(Endpoint<TokensDTO>.post("/api/sessions", body: Credentials(loginID: loginID, password: password))).tokens
    }

    /// `POST /api/sessions/refresh`: a new pair for `refreshToken`, which stops working.
    public func refresh(_ refreshToken: String) async throws(APIError) -> AuthTokens {
        try await fetch(Endpoint<TokensDTO>.post("/api/sessions/refresh", body: Refresh(refreshToken: refreshToken))).tokens
    }

    /// `POST /api/sessions/sign-out`: `refreshToken` stops working on the server.
    public func signOut(_ refreshToken: String) async throws(APIError) {
        try await client.send(Endpoint<Void>(.post, "/api/sessions/sign-out", body: Refresh(refreshToken: refreshToken)))
    }

    /// A session whose tokens are kept in `secrets` under `secretName` and refreshed here.
    public func session(secrets: any SecretStore, secretName: String = "session") -> AuthSession {
        AuthSession(secrets: secrets, secretName: secretName) { refreshToken throws(APIError) in try await refresh(refreshToken) }
    }

    private struct Credentials: Encodable, Sendable {
        var loginID: String
        var password: String
    }

    private struct Refresh: Encodable, Sendable {
        var refreshToken: String
    }

    /// What a sign-in and a refresh answer.
    private struct TokensDTO: Decodable, Sendable {
        var accessToken: String
        var refreshToken: String
        var loginID: String

        var tokens: AuthTokens { AuthTokens(accessToken: accessToken, refreshToken: refreshToken, account: loginID) }
    }
}
