import Foundation
public import Logging

/// Keeps an account's requests signed: holds its tokens, keeps the refresh token in a
/// ``SecretStore``, and trades it for a new pair when the server refuses the access token. Give
/// it to an ``APIClient`` (its `session:`): each request carries the access token and, on
/// a 401, the client refreshes once and sends the request again.
///
/// <doc:SignedRequests> shows one made and given to a client, compiled and run.
///
/// - **One refresh at a time.** Requests that meet a 401 together wait for one refresh and are
///   sent again with its token.
/// - **A refresh is never lost.** It runs to its end even when the request that started it is
///   cancelled (the server may have spent the old refresh token), and the new pair is kept before
///   any request uses it; one that cannot be kept is used for this run, and the failure logged.
/// - **A refused refresh signs out.** When the server refuses the refresh token (a 400, 401 or
///   403: ``isRefusal(_:)``), the status becomes ``AuthStatus/needsSignIn(account:)``, the tokens
///   are forgotten, and requests go unsigned (the server answers 401) until ``signIn(_:)``. The
///   secret store keeps the account's name alone, so the next run restores
///   ``AuthStatus/needsSignIn(account:)`` too: an app shows that account's data and asks it to
///   sign in again, its pending writes waiting for it. A refresh that fails otherwise (no
///   connection, a 5xx) changes nothing: the request fails with that error, and the next 401
///   tries again.
/// - **Secrets stay secret.** The tokens are never logged (``AuthTokens`` prints none), and the
///   client's redaction hides the `Authorization` header.
public actor AuthSession {
    /// Trades a refresh token for a new pair; sent by a client without a session.
    public typealias Refresh = @Sendable (_ refreshToken: String) async throws(APIError) -> AuthTokens

    /// Whether an account is signed in.
    public private(set) var status: AuthStatus = .signedOut
    private let secrets: any SecretStore
    private let secretName: String
    private let refresher: Refresh
    private let logger: Logger
    private var tokens: AuthTokens?
    /// The one read of the kept tokens (a finished task once signed in or out).
    private var restoring: Task<Void, Never>?
    /// Bumped whenever who is signed in changes (a sign-in, a sign-out, a refused refresh).
    private var generation = 0
    private var refreshing: Task<Result<String?, APIError>, Never>?
    private var watchers: [UUID: AsyncStream<AuthStatus>.Continuation] = [:]

    /// A session whose tokens are kept in `secrets` under `secretName`, refreshed by `refresh`.
    /// Signed out until ``restore()`` reads the tokens an earlier run kept, or ``signIn(_:)``.
    public init(
        secrets: any SecretStore, secretName: String = "session",
        logger: Logger = Logger(label: "swift-mvvm.auth"), refresh: @escaping Refresh
    ) {
        self.secrets = secrets
        self.secretName = secretName
        self.logger = logger
        self.refresher = refresh
    }

    /// Reads the tokens an earlier run kept: signed in as it was, waiting for its account to sign
    /// in again (its refresh was refused), or signed out. Runs once, and
    /// every caller (each request restores first) waits for that one read. A secret that cannot
    /// be read is logged and read as none. A sign-in or sign-out made meanwhile is the newer.
    @discardableResult
    public func restore() async -> AuthStatus {
        if let restoring {
            await restoring.value
            return status
        }
        let start = generation
        let reading = Task { await self.readKept(ifStill: start) }
        restoring = reading
        await reading.value
        return status
    }

    private func readKept(ifStill start: Int) async {
        do {
            guard let data = try await secrets.secret(named: secretName) else { return }
            let kept = try JSONDecoder().decode(AuthTokens.self, from: data)
            guard generation == start else { return }
            guard !kept.refreshToken.isEmpty else {
                set(.needsSignIn(account: kept.account))
                return
            }
            tokens = kept
            set(.signedIn(account: kept.account))
        } catch {
            logger.warning("could not read the session kept", metadata: ["error": "\(error)"])
        }
    }

    /// Signs `tokens.account` in: kept in the secret store first, then used by every request.
    /// A sign-out or another sign-in made while it is kept is the newer.
    public func signIn(_ tokens: AuthTokens) async throws(CacheStoreError) {
        let mine = changeAccount()
        try await keep(tokens)
        guard generation == mine else { return }
        self.tokens = tokens
        set(.signedIn(account: tokens.account))
    }

    /// Forgets the tokens, here and in the secret store: requests go unsigned.
    /// - Returns: the tokens forgotten (`nil` when none was signed in), so that the app can
    ///   revoke the refresh token on the server: the session never sends it again either way.
    /// - Throws: when the secret store cannot forget them; signed out for this run all the same.
    @discardableResult
    public func signOut() async throws(CacheStoreError) -> AuthTokens? {
        await restore()
        changeAccount()
        let forgotten = tokens
        tokens = nil
        set(.signedOut)
        try await secrets.setSecret(nil, named: secretName)
        return forgotten
    }

    /// Who is signed in changes: a restore not read yet reads nothing, and a refresh or a
    /// sign-in still running when it ends leaves the newer state alone. - Returns: the change's
    /// number.
    @discardableResult
    private func changeAccount() -> Int {
        generation += 1
        if restoring == nil { restoring = Task {} }
        return generation
    }

    /// The status now, then each change, until the stream is dropped.
    public func statusChanges() -> AsyncStream<AuthStatus> {
        let (stream, continuation) = AsyncStream<AuthStatus>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        watchers[id] = continuation
        continuation.yield(status)
        continuation.onTermination = { [weak self] _ in Task { await self?.stopWatching(id) } }
        return stream
    }

    /// The access token to send: empty for an account signed in with none yet (its first 401
    /// gets one); `nil` when no account is signed in.
    func accessToken() async -> String? {
        await restore()
        return tokens?.accessToken
    }

    /// An access token to send after `rejected` was refused (401): the current one if a refresh
    /// replaced it already, else one from a refresh (one at a time, shared by every caller).
    /// `nil` when no account is signed in, or the refresh was refused (signed out).
    /// - Throws: the refresh's failure when it did not reach a refusal (no connection, a 5xx).
    func accessToken(replacing rejected: String?) async throws(APIError) -> String? {
        await restore()
        guard let tokens else { return nil }
        if !tokens.accessToken.isEmpty, tokens.accessToken != rejected { return tokens.accessToken }
        let refresh: Task<Result<String?, APIError>, Never>
        if let refreshing {
            refresh = refreshing
        } else {
            // Not the caller's task: a caller cancelled must not cut the refresh short once the
            // server may have spent the old token.
            let mine = generation
            refresh = Task { await self.refresh(tokens, ifStill: mine) }
            refreshing = refresh
        }
        return try await refresh.value.get()
    }

    /// The access token a request may use now: `nil` when none, or none yet.
    private var usableAccessToken: String? {
        guard let token = tokens?.accessToken, !token.isEmpty else { return nil }
        return token
    }

    /// Trades `tokens`' refresh token for a new pair and keeps it, unless who is signed in
    /// changed since change `start`.
    private func refresh(_ tokens: AuthTokens, ifStill start: Int) async -> Result<String?, APIError> {
        defer { refreshing = nil }
        do {
            let fresh = try await refresher(tokens.refreshToken)
            // Signed out or in meanwhile: this refresh answers no one.
            guard generation == start else { return .success(usableAccessToken) }
            do {
                try await keep(fresh)
            } catch {
                // The server spent the old token: the new pair is the only one, used for this run;
                // the next start reads the spent one and must sign in again.
                logger.error("could not keep the refreshed session", metadata: ["error": "\(error)"])
            }
            guard generation == start else { return .success(usableAccessToken) }
            self.tokens = fresh
            if status != .signedIn(account: fresh.account) { set(.signedIn(account: fresh.account)) }
            return .success(fresh.accessToken)
        } catch {
            guard Self.isRefusal(error) else { return .failure(error) }
            guard generation == start else { return .success(usableAccessToken) }
            logger.notice("the server refused the refresh token: signed out", metadata: ["account": "\(tokens.account)"])
            changeAccount()
            self.tokens = nil
            set(.needsSignIn(account: tokens.account))
            // The account's name alone, no token: the next run asks the same account to sign in.
            do {
                try await keep(AuthTokens(accessToken: "", refreshToken: "", account: tokens.account))
            } catch {
                logger.error("could not keep the account that must sign in again", metadata: ["error": "\(error)"])
            }
            return .success(nil)
        }
    }

    /// Whether `error` is the server refusing a refresh token itself (a 400, 401 or 403), not
    /// failing to answer: the refusal that signs a session out. An app's own refresh closure
    /// reads answers by the same rule.
    public static func isRefusal(_ error: APIError) -> Bool {
        guard let status = error.status else { return false }
        return status == 400 || status == 401 || status == 403
    }

    private func keep(_ tokens: AuthTokens) async throws(CacheStoreError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(tokens)
        } catch {
            throw .io("encoding the session: \(error)")
        }
        try await secrets.setSecret(data, named: secretName)
    }

    private func set(_ status: AuthStatus) {
        self.status = status
        for watcher in watchers.values { watcher.yield(status) }
    }

    private func stopWatching(_ id: UUID) {
        watchers[id] = nil
    }
}
