import Foundation
import MVVMData
import MVVMDataTesting
import Synchronization

/// A server's view of tokens, for tests: `GET /users/1` answers a user to the access token it
/// holds good, 401 to any other; a refresh trades the refresh token it holds for the next pair,
/// once. It can hold every refresh until `refusals` requests were answered 401, so that they all
/// meet one expiry before it ends.
final class TokenServer: Sendable {
    private struct State {
        var access = "access-1"
        var refresh = "refresh-1"
        var generation = 1
        var refreshes = 0
        var refusals = 0
        var refreshWaitsFor = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var isReachable = true
        var isRefreshReachable = true
        var refusesRefresh = false
        var refreshSawCancellation = false
    }

    private let state = Mutex(State())

    /// The tokens a sign-in answered.
    var signedIn: AuthTokens { state.withLock { AuthTokens(accessToken: $0.access, refreshToken: $0.refresh, account: "mika") } }
    /// How many refreshes the server answered.
    var refreshes: Int { state.withLock { $0.refreshes } }
    /// Whether a refresh found its task cancelled when it ended.
    var refreshSawCancellation: Bool { state.withLock { $0.refreshSawCancellation } }
    /// How many requests were answered 401.
    var refusals: Int { state.withLock { $0.refusals } }

    /// The access token stops working (its lifetime passed).
    func expireAccessToken() { state.withLock { $0.access = "expired" } }
    /// The refresh token is refused from now on (revoked).
    func revokeRefreshToken() { state.withLock { $0.refusesRefresh = true } }
    /// Whether requests reach the server.
    func setReachable(_ reachable: Bool) { state.withLock { $0.isReachable = reachable } }
    /// Whether refreshes reach the server.
    func setRefreshReachable(_ reachable: Bool) { state.withLock { $0.isRefreshReachable = reachable } }
    /// Refreshes wait until this many requests were answered 401.
    func holdRefreshes(until refusals: Int) { state.withLock { $0.refreshWaitsFor = refusals } }

    /// The transport an ``APIClient`` sends its requests through.
    var transport: StubTransport {
        StubTransport { [self] request throws(TransportError) in
            try answer(request)
        }
    }

    private func answer(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        let (reachable, good) = state.withLock { ($0.isReachable, $0.access) }
        guard reachable else { throw .cannotConnect("refused") }
        guard request.headers["Authorization"] == "Bearer \(good)" else {
            let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.refusals += 1
                guard state.refusals >= state.refreshWaitsFor else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in released { waiter.resume() }
            return HTTPResponse.json(status: 401, #"{"error":{"code":"unauthorized"}}"#)
        }
        return HTTPResponse.json(#"{"id":1,"name":"Mika","email":"mika@example.jp","isActive":true}"#)
    }

    /// `POST /sessions/refresh`, as the app's ``AuthSession/Refresh`` sends it.
    func refresh(_ token: String) async throws(APIError) -> AuthTokens {
        let summary = RequestSummary(method: .post, path: "/sessions/refresh")
        let mustWait = state.withLock { $0.refusals < $0.refreshWaitsFor }
        if mustWait {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.refusals >= state.refreshWaitsFor { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
        let cancelled = Task.isCancelled
        return try state.withLock { state throws(APIError) -> AuthTokens in
            if cancelled { state.refreshSawCancellation = true }
            guard state.isReachable, state.isRefreshReachable else { throw .transport(.cannotConnect("refused"), request: summary) }
            guard !state.refusesRefresh, token == state.refresh else {
                throw .httpStatus(401, bodyExcerpt: #"{"error":{"code":"invalid_refresh_token"}}"#, request: summary)
            }
            state.generation += 1
            state.refreshes += 1
            state.access = "access-\(state.generation)"
            state.refresh = "refresh-\(state.generation)"
            return AuthTokens(accessToken: state.access, refreshToken: state.refresh, account: "mika")
        }
    }
}
