// The Signed requests article's code (MVVMData.docc), compiled and run (SnippetCheckTests).
import Foundation
import MVVMData
import MVVMDataTesting
import Testing

/// What the demo server answers a sign-in or a refresh.
struct TokensDTO: Decodable, Sendable {
    var accessToken: String
    var refreshToken: String
    var loginID: String
}

/// The body of a refresh.
struct RefreshRequest: Encodable, Sendable {
    var refreshToken: String
}

/// A client whose requests carry the signed-in account's token, its tokens kept in `support`.
func makeSignedClient(base: URL, support: URL, transport: any HTTPTransport = URLSessionTransport()) async -> APIClient {
    // snippet: signed-requests
    // The client that refreshes has no session: a refresh is not signed itself.
    let refresher = APIClient(baseURL: base, transport: transport)
    let session = AuthSession(secrets: FileSecretStore(directory: support)) { refreshToken throws(APIError) in
        let answer = try await refresher.send(Endpoint<TokensDTO>.post("/api/sessions/refresh", body: RefreshRequest(refreshToken: refreshToken)))
        return AuthTokens(accessToken: answer.accessToken, refreshToken: answer.refreshToken, account: answer.loginID)
    }
    let api = APIClient(baseURL: base, transport: transport, session: session)
    await session.restore()   // signed in as the last run left it, or signed out
    // snippet end
    return api
}

@Suite(.timeLimit(.minutes(1)))
struct SignedRequestsArticleTests {
    @Test func theArticlesClientRefreshesAnExpiredTokenAndSendsTheRequestAgain() async throws {
        let support = FileManager.default.temporaryDirectory.appending(path: "signed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: support) }
        // An earlier run signed in: its tokens are in the folder.
        let kept = AuthTokens(accessToken: "expired", refreshToken: "r1", account: "demo")
        try await FileSecretStore(directory: support).setSecret(try JSONEncoder().encode(kept), named: "session")
        let transport = StubTransport { request throws(TransportError) in
            switch (request.url.path, request.headers["Authorization"]) {
            case ("/api/sessions/refresh", nil): .json(#"{"accessToken":"a2","refreshToken":"r2","loginID":"demo"}"#)
            case ("/api/users/1", "Bearer a2"): .json(#"{"id":1}"#)
            default: .json(status: 401, "{}")
            }
        }
        let api = await makeSignedClient(base: URL(string: "http://127.0.0.1:8080")!, support: support, transport: transport)
        struct User: Decodable { var id: Int }
        #expect(try await api.send(Endpoint<User>.get("/api/users/1")).id == 1)
        #expect(transport.requests.map(\.url.path) == ["/api/users/1", "/api/sessions/refresh", "/api/users/1"])
    }
}
