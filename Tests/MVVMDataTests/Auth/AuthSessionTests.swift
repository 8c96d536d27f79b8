import Foundation
import InMemoryLogging
import Logging
import MVVMData
import MVVMDataTesting
import Testing

/// Requests signed by an ``AuthSession`` (issue 53): a 401 is refreshed once and the request sent
/// again; requests that meet one expiry share one refresh; a refused refresh signs out; a failed
/// one changes nothing; the session is kept for the next run; tokens never reach a log.
@Suite(.timeLimit(.minutes(1)))
struct AuthSessionTests {
    let server = TokenServer()
    let secrets = InMemorySecretStore()

    private func session() -> AuthSession {
        AuthSession(secrets: secrets) { [server] token throws(APIError) in try await server.refresh(token) }
    }

    private func client(_ session: AuthSession, logger: Logger = Logger(label: "test")) -> APIClient {
        APIClient(baseURL: baseURL, transport: server.transport, retryPolicy: .none, logger: logger, session: session)
    }

    private let user = Endpoint<UserDTO>.get("/users/1")

    @Test func aRequestMeetingAnExpiredTokenIsRefreshedOnceAndSentAgain() async throws {
        let session = session()
        try await session.signIn(server.signedIn)
        let api = client(session)
        #expect(try await api.send(user).name == "Mika")
        server.expireAccessToken()

        #expect(try await api.send(user).name == "Mika")
        #expect(server.refreshes == 1)
        #expect(server.refusals == 1)
        // The new pair is kept for the next run.
        let kept = try #require(await secrets.secret(named: "session"))
        #expect(try JSONDecoder().decode(AuthTokens.self, from: kept) == AuthTokens(accessToken: "access-2", refreshToken: "refresh-2", account: "mika"))
    }

    @Test func twentyRequestsMeetingOneExpiryCauseExactlyOneRefresh() async throws {
        let session = session()
        try await session.signIn(server.signedIn)
        let api = client(session)
        server.expireAccessToken()
        server.holdRefreshes(until: 20)   // every request is refused before the refresh ends

        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await api.send(user).name } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == Array(repeating: "Mika", count: 20))
        #expect(server.refusals == 20)
        #expect(server.refreshes == 1)
    }

    @Test func aRefusedRefreshSignsOutAndTheRequestIsAnswered401() async throws {
        let session = session()
        try await session.signIn(server.signedIn)
        server.expireAccessToken()
        server.revokeRefreshToken()

        let error = await failure { try await client(session).send(user) }
        #expect(error?.status == 401)
        #expect(await session.status == .needsSignIn(account: "mika"))
        // No token is kept: the account's name alone.
        let kept = try #require(await secrets.secret(named: "session"))
        #expect(try JSONDecoder().decode(AuthTokens.self, from: kept) == AuthTokens(accessToken: "", refreshToken: "", account: "mika"))
        // Signed out, a request goes unsigned and refreshes nothing.
        #expect(await failure { try await client(session).send(user) }?.status == 401)
        #expect(server.refreshes == 0)
    }

    @Test func theAccountThatMustSignInAgainIsAskedAgainAtTheNextRun() async throws {
        let first = session()
        try await first.signIn(server.signedIn)
        server.expireAccessToken()
        server.revokeRefreshToken()
        _ = await failure { try await client(first).send(user) }

        // The next run (a kill in between): the same account is asked to sign in, unsigned meanwhile.
        let next = session()
        #expect(await next.restore() == .needsSignIn(account: "mika"))
        #expect(await failure { try await client(next).send(user) }?.status == 401)
        #expect(server.refreshes == 0)
        // Signing out forgets it too.
        #expect(try await next.signOut() == nil)
        #expect(await session().restore() == .signedOut)
    }

    @Test func signingOutAnswersTheTokensForgottenSoTheAppCanRevokeThem() async throws {
        try await session().signIn(server.signedIn)
        let next = session()   // not restored yet: signing out reads what was kept first
        #expect(try await next.signOut() == server.signedIn)
        #expect(await secrets.secret(named: "session") == nil)
        #expect(await next.status == .signedOut)
    }

    @Test func aRefreshThatCannotReachTheServerChangesNothing() async throws {
        let session = session()
        try await session.signIn(server.signedIn)
        let api = client(session)
        server.expireAccessToken()
        // The request is refused; the refresh finds the server gone.
        server.setRefreshReachable(false)
        let error = await failure { try await api.send(user) }
        #expect(error?.kind == .noConnection)
        #expect(await session.status == .signedIn(account: "mika"))
        #expect(await secrets.secret(named: "session") != nil)

        server.setRefreshReachable(true)
        #expect(try await api.send(user).name == "Mika")
        #expect(server.refreshes == 1)
    }

    @Test func theSessionKeptIsSignedInAtTheNextRun() async throws {
        try await session().signIn(server.signedIn)
        let next = session()
        #expect(await next.restore() == .signedIn(account: "mika"))
        #expect(try await client(next).send(user).name == "Mika")
        #expect(server.refusals == 0)
        try await next.signOut()
        #expect(await session().restore() == .signedOut)
    }

    @Test func theTokensNeverReachTheLog() async throws {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .trace
        let session = session()
        try await session.signIn(server.signedIn)
        server.expireAccessToken()
        _ = try await client(session, logger: logger).send(user)
        let everything = handler.entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        #expect(!everything.isEmpty)
        for token in ["access-1", "access-2", "refresh-1", "refresh-2"] {
            #expect(!everything.contains(token), "\(token) leaked into the logs:\n\(everything)")
        }
        // Nor any printed form of the tokens: a state holding them logs and diffs the account only.
        let tokens = server.signedIn
        var dumped = ""
        dump(tokens, to: &dumped)
        for printed in ["\(tokens)", String(reflecting: tokens), dumped, "\(Mirror(reflecting: tokens).children.map(\.value))"] {
            #expect(printed.contains("mika") && !printed.contains("access-1") && !printed.contains("refresh-1"), "\(printed)")
        }
    }

    /// A signed-in session whose access token expired, and a request refused for it whose refresh
    /// waits until a second request is refused.
    private func requestWithItsRefreshHeld() async throws -> (AuthSession, APIClient, Task<UserDTO, any Error>) {
        let session = session()
        try await session.signIn(server.signedIn)
        let api = client(session)
        server.expireAccessToken()
        server.holdRefreshes(until: 2)
        let user = self.user
        let first = Task { try await api.send(user) }
        while server.refusals < 1 { await Task.yield() }
        return (session, api, first)
    }

    @Test func aRequestCancelledDuringItsRefreshDoesNotCutTheRefreshShort() async throws {
        let (_, api, first) = try await requestWithItsRefreshHeld()
        first.cancel()
        #expect(try await api.send(user).name == "Mika")   // refused second: the refresh ends
        _ = await first.result
        #expect(server.refreshes == 1)
        #expect(!server.refreshSawCancellation)
        let kept = try #require(await secrets.secret(named: "session"))
        #expect(try JSONDecoder().decode(AuthTokens.self, from: kept).refreshToken == "refresh-2")
    }

    @Test func aSignOutDuringARefreshIsNotUndoneByIt() async throws {
        let (session, api, first) = try await requestWithItsRefreshHeld()
        try await session.signOut()
        // Signed out, a request goes unsigned: refused, which lets the held refresh end.
        #expect(await failure { try await api.send(user) }?.status == 401)
        #expect((try? await first.value) == nil, "the request that started the refresh is refused")
        #expect(await session.status == .signedOut)
        #expect(await secrets.secret(named: "session") == nil)
    }

    @Test func requestsMadeAtTheStartAllWaitForTheOneRestore() async throws {
        try await session().signIn(server.signedIn)
        let next = session()
        let api = client(next)
        async let first = api.send(user)
        async let second = api.send(user)
        #expect(try await [first.name, second.name] == ["Mika", "Mika"])
        #expect(server.refusals == 0)
    }

    @Test func statusChangesTellEachChange() async throws {
        let session = session()
        var changes = await session.statusChanges().makeAsyncIterator()
        #expect(await changes.next() == .signedOut)
        try await session.signIn(server.signedIn)
        #expect(await changes.next() == .signedIn(account: "mika"))
        server.expireAccessToken()
        server.revokeRefreshToken()
        _ = await failure { try await client(session).send(user) }
        #expect(await changes.next() == .needsSignIn(account: "mika"))
    }
}
