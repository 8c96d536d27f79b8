@testable import DemoServer
import Foundation
import GRDB
import HummingbirdBcrypt
import Testing

/// What a sign-in answers, as a client reads it.
private struct TokensDTO: Decodable, Equatable {
    let accessToken: String
    let refreshToken: String
    let tokenType: String
    let expiresIn: Int
    let loginID: String
}

/// Accounts (issue 53): the users' routes ask for an access token; a sign-in answers one that
/// expires and a refresh token good once; a sign-out revokes it; `--no-auth` serves the API open.
@Suite("Accounts", .timeLimit(.minutes(2)))
struct AccountTests {
    static let signedIn = DemoServerConfiguration(userCount: testUserCount, requiresSignIn: true, tokenLifetime: .seconds(60), passwordCost: 4)

    private func signIn(_ client: APIClient, _ loginID: String, _ password: String) async throws -> HTTPResult {
        try await client.send("POST", "/api/sessions", body: Data(#"{"loginID": "\#(loginID)", "password": "\#(password)"}"#.utf8))
    }

    private func post(_ client: APIClient, _ path: String, refreshToken: String) async throws -> HTTPResult {
        try await client.send("POST", path, body: Data(#"{"refreshToken": "\#(refreshToken)"}"#.utf8))
    }

    private func bearer(_ token: String) -> [String: String] { ["Authorization": "Bearer \(token)"] }

    @Test func theUsersRoutesAnswer401WithoutAValidTokenAnd200WithOne() async throws {
        try await withServer(Self.signedIn) { _, client in
            for path in ["/api/users", "/api/users/stats", "/api/users/1", "/api/users/1/avatar"] {
                let refused = try await client.get(path)
                try expectError(refused, status: 401, code: "unauthorized")
                #expect(refused.header("WWW-Authenticate") == #"Bearer realm="demo""#, "\(path)")
                try expectError(try await client.get(path, headers: bearer("not-a-token")), status: 401, code: "unauthorized")
            }
            try expectError(try await client.patch("/api/users/1", json: #"{"isActive": false}"#), status: 401, code: "unauthorized")
            // The forecasts are public.
            #expect(try await client.get("/api/forecast/cities").status == 200)

            let tokens = try signInAnswer(try await signIn(client, DemoServer.demoAccount.loginID, DemoServer.demoAccount.password))
            #expect(tokens.tokenType == "Bearer" && tokens.expiresIn == 60 && tokens.loginID == "demo")
            #expect(try await client.get("/api/users/1", headers: bearer(tokens.accessToken)).status == 200)
            #expect(try await client.get("/api/users/1", headers: ["Authorization": "bearer  \(tokens.accessToken)"]).status == 200)
            #expect(try await client.patch("/api/users/1", json: #"{"isActive": false}"#, headers: bearer(tokens.accessToken)).status == 200)
        }
    }

    @Test func aWrongPasswordAndAnUnknownIdAreTheSame401() async throws {
        try await withServer(Self.signedIn) { _, client in
            let wrong = try expectError(try await signIn(client, "demo", "not-the-password"), status: 401, code: "invalid_credentials")
            let unknown = try expectError(try await signIn(client, "nobody@example.com", "not-the-password"), status: 401, code: "invalid_credentials")
            #expect(wrong == unknown)
            #expect(!wrong.contains("not-the-password"))
            try expectError(try await signIn(client, " ", "whatever1"), status: 401, code: "invalid_credentials")
        }
    }

    @Test func aRegisteredAccountSignsInInAnyCaseAndItsPasswordIsKeptOnlyAsAHash() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("demo.sqlite").path
        var configuration = Self.signedIn
        configuration.databasePath = path
        try await withServer(configuration) { _, client in
            #expect(try await client.register(#"{"loginID": "Mika@example.jp", "password": "kurage-1234"}"#).status == 201)
            let tokens = try signInAnswer(try await signIn(client, "mika@EXAMPLE.jp", "kurage-1234"))
            #expect(tokens.loginID == "Mika@example.jp")
            try expectError(try await signIn(client, "mika@example.jp", "kurage-12345"), status: 401, code: "invalid_credentials")
        }
        let database = try DatabaseQueue(path: path)
        let hash = try await database.read { db in try String.fetchOne(db, sql: "SELECT passwordHash FROM account WHERE loginKey = 'mika@example.jp'") }
        #expect(hash?.hasPrefix("$2b$04$") == true)
        #expect(hash.map { Bcrypt.verify("kurage-1234", hash: $0) } == true)
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(file.range(of: Data("kurage-1234".utf8)) == nil, "the password is nowhere in the file")
        try database.close()
    }

    @Test func theDemoAccountsHashIsItsPassword() {
        #expect(Bcrypt.verify(DemoServer.demoAccount.password, hash: UserMigrations.demoPasswordHash))
    }

    @Test func aRefreshAnswersANewPairOnceAndASignOutRevokes() async throws {
        try await withServer(Self.signedIn) { server, client in
            let first = try signInAnswer(try await signIn(client, "demo", "mvvm-demo"))
            await server.expireAccessTokens()
            try expectError(try await client.get("/api/users/1", headers: bearer(first.accessToken)), status: 401, code: "unauthorized")

            let second = try signInAnswer(try await post(client, "/api/sessions/refresh", refreshToken: first.refreshToken))
            #expect(second.accessToken != first.accessToken && second.refreshToken != first.refreshToken && second.loginID == "demo")
            #expect(try await client.get("/api/users/1", headers: bearer(second.accessToken)).status == 200)
            // The token refreshed is spent.
            try expectError(try await post(client, "/api/sessions/refresh", refreshToken: first.refreshToken), status: 401, code: "invalid_refresh_token")

            #expect(try await post(client, "/api/sessions/sign-out", refreshToken: second.refreshToken).status == 204)
            try expectError(try await post(client, "/api/sessions/refresh", refreshToken: second.refreshToken), status: 401, code: "invalid_refresh_token")
            // Signing out a token unknown is no error.
            #expect(try await post(client, "/api/sessions/sign-out", refreshToken: "unknown").status == 204)
            try expectError(try await client.send("POST", "/api/sessions/refresh", body: Data("{}".utf8)), status: 400, code: "invalid_body")
        }
    }

    @Test func withoutSignInTheAPIIsOpenAndAnyAccountSignsIn() async throws {
        try await withServer { _, client in
            #expect(try await client.get("/api/users/1").status == 200)
            let tokens = try signInAnswer(try await signIn(client, "anyone", "any-password"))
            #expect(tokens.loginID == "anyone")
        }
    }

    private func signInAnswer(_ result: HTTPResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> TokensDTO {
        #expect(result.status == 200, sourceLocation: sourceLocation)
        #expect(result.header("Cache-Control") == "no-store", sourceLocation: sourceLocation)
        return try result.decode(TokensDTO.self)
    }
}
