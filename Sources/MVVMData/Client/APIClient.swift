public import Foundation
public import Logging
public import MVVMCore

/// Sends ``Endpoint``s to one server: builds the request, retries what may be retried on an
/// injected clock, checks the status, decodes the body, and reports every failure as a typed
/// ``APIError``. The APIClient layer of APIClient → DataSource → Repository → ViewModel.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let user = try await client.send(Endpoint<UserDTO>.get("/api/users/42"))
/// ```
///
/// Cancelling the calling task cancels the request in flight, or the wait before a retry, at
/// once, with ``APIError/cancelled(request:)``.
///
/// It follows a read's redirect within the same origin, and no other (at most 5 hops): a write is
/// never sent again on a redirect, and no request goes to another server.
///
/// `timeout:` bounds each attempt's wait for the next bytes; `deadline:` bounds the whole call,
/// attempts and back-off included, so a server that drips one byte a second, or hangs through
/// every retry, ends in ``TransportError/timedOut`` when the user expects it, not minutes later.
public struct APIClient: Sendable {
    /// The server's base URL; endpoint paths are appended to it.
    public var baseURL: URL
    /// What sends requests: ``URLSessionTransport`` by default.
    package var transport: any HTTPTransport
    /// When to retry.
    package var retryPolicy: RetryPolicy
    /// The clock retry back-off waits on: a test clock in tests.
    package var clock: any Clock<Duration>
    /// The timeout of each attempt, unless the endpoint sets one.
    package var timeout: Duration
    /// The longest a ``send(_:)`` may take, every attempt and back-off included, on ``clock``;
    /// `nil` for no limit beyond the attempts' timeouts. When it passes, the attempt in flight is
    /// cancelled and the call throws ``APIError/transport(_:request:)`` with
    /// ``TransportError/timedOut``.
    package var deadline: Duration?
    /// Header fields sent with every request (an `Authorization` header goes here; it is never logged).
    package var defaultHeaders: [String: String]
    /// Where request and response summaries go.
    package var logger: Logger
    /// What the logs hide.
    package var redaction: Redaction
    /// Makes the decoder for response bodies.
    package var makeDecoder: @Sendable () -> JSONDecoder
    /// Makes the encoder for request bodies.
    package var makeEncoder: @Sendable () -> JSONEncoder
    /// Called after each request that succeeded (an accepted status, a body that decodes): the
    /// server can be reached again. An app nudges its outbox here (``Outbox/nudge()``), so
    /// writes waiting out a back-off go now. Never called for a failure, so a failing server is
    /// never hammered.
    package var onSuccess: (@Sendable () -> Void)?
    /// The signed-in account whose access token each request carries (`Authorization: Bearer`);
    /// on a 401 the client has it refreshed once (``AuthSession``) and sends the request again.
    /// `nil`: requests carry only their headers. The client that refreshes has none.
    package var session: AuthSession?

    /// Creates a client.
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        retryPolicy: RetryPolicy = .default,
        clock: any Clock<Duration> = Dependencies.current.clock,
        timeout: Duration = .seconds(30),
        deadline: Duration? = nil,
        defaultHeaders: [String: String] = ["Accept": "application/json"],
        logger: Logger = Logger(label: "swift-mvvm.api"),
        redaction: Redaction = .default,
        makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        makeEncoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() },
        onSuccess: (@Sendable () -> Void)? = nil,
        session: AuthSession? = nil
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.clock = clock
        self.timeout = timeout
        self.deadline = deadline
        self.defaultHeaders = defaultHeaders
        self.logger = logger
        self.redaction = redaction
        self.makeDecoder = makeDecoder
        self.makeEncoder = makeEncoder
        self.onSuccess = onSuccess
        self.session = session
    }

    /// Sends `endpoint` and returns its decoded answer, within the `deadline` if one is set.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        let request = try makeRequest(for: endpoint)
        let summary = RequestSummary(method: endpoint.method, path: request.url.path)
        guard let deadline else { return try await signedAttempts(endpoint, request: request, summary: summary) }
        // The attempts race the deadline, an instant fixed now; whichever ends first cancels
        // the other.
        let deadlinePasses: @Sendable () async throws -> Void = Self.sleeper(on: self.clock, until: deadline)
        let result = await withTaskGroup(of: Result<Response, APIError>?.self) { group in
            group.addTask {
                do throws(APIError) {
                    return .success(try await signedAttempts(endpoint, request: request, summary: summary))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                do {
                    try await deadlinePasses()
                } catch {
                    return nil   // cancelled: the attempts ended first
                }
                return .failure(.transport(.timedOut, request: summary))
            }
            var first: Result<Response, APIError>?
            while first == nil, let next = await group.next() { first = next }
            group.cancelAll()
            return first
        }
        // `nil` only if both children ended without a result, i.e. the caller was cancelled.
        return try (result ?? .failure(.cancelled(request: summary))).get()
    }

    /// Sleeps on `clock` until `duration` after now (read now, not when the sleep starts).
    private static func sleeper<C: Clock<Duration>>(on clock: C, until duration: Duration) -> @Sendable () async throws -> Void {
        let end = clock.now.advanced(by: duration)
        return { try await clock.sleep(until: end, tolerance: nil) }
    }

    /// ``attempts(_:request:summary:)`` with the session's access token; after a 401, once more
    /// with the token of a refresh (or of the refresh another request made meanwhile).
    private func signedAttempts<Response>(
        _ endpoint: Endpoint<Response>,
        request: HTTPRequest,
        summary: RequestSummary
    ) async throws(APIError) -> Response {
        guard let session else { return try await attempts(endpoint, request: request, summary: summary) }
        var request = request
        // An account signed in with no access token yet (empty) sends none: its first 401 gets one.
        let token = await session.accessToken()
        if let token, !token.isEmpty { request.headers["Authorization"] = "Bearer \(token)" }
        do {
            return try await attempts(endpoint, request: request, summary: summary)
        } catch where error.status == 401 && !Task.isCancelled {
            guard let fresh = try await session.accessToken(replacing: token) else { throw error }
            request.headers["Authorization"] = "Bearer \(fresh)"
            return try await attempts(endpoint, request: request, summary: summary)
        }
    }

    /// Every attempt at `request`, with the retry policy's back-off between them.
    private func attempts<Response>(
        _ endpoint: Endpoint<Response>,
        request: HTTPRequest,
        summary: RequestSummary
    ) async throws(APIError) -> Response {
        let log = RequestLog(logger: logger, redaction: redaction)
        var attempt = 1
        while true {
            let outcome = await perform(endpoint, request: request, summary: summary, attempt: attempt, log: log)
            let error: APIError
            switch outcome.result {
            case .success(let response): return response
            case .failure(let failure): error = failure
            }
            let retrying = retryPolicy.shouldRetry(error, afterAttempt: attempt, isIdempotent: endpoint.isIdempotent)
                && !Task.isCancelled
            let delay = retrying ? retryPolicy.delay(beforeAttempt: attempt + 1, retryAfter: outcome.retryAfter) : nil
            log.failed(error, for: request, attempt: attempt, willRetryAfter: delay)
            guard let delay else { throw error }
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw .cancelled(request: summary)
            }
            attempt += 1
        }
    }

    /// The request `endpoint` makes, before any attempt is sent.
    package func makeRequest<Response>(for endpoint: Endpoint<Response>) throws(APIError) -> HTTPRequest {
        guard endpoint.path.hasPrefix("/") else {
            throw .invalidRequest("the path \"\(endpoint.path)\" must start with \"/\"")
        }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
              components.scheme == "http" || components.scheme == "https", components.host != nil
        else {
            throw .invalidRequest("the base URL \"\(baseURL.absoluteString)\" is not an http(s) URL with a host")
        }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + endpoint.path
        let items = endpoint.query.compactMap { item in item.value.map { URLQueryItem(name: item.name, value: $0) } }
        components.queryItems = items.isEmpty ? nil : items
        guard let url = components.url else {
            throw .invalidRequest("\(endpoint.method) \(endpoint.path) with its query does not make a valid URL")
        }
        var headers = defaultHeaders.merging(endpoint.headers) { _, endpointValue in endpointValue }
        var body: Data?
        if let encodeBody = endpoint.encodeBody {
            do {
                body = try encodeBody(makeEncoder())
            } catch {
                throw .invalidRequest("the body of \(endpoint.method) \(endpoint.path) could not be encoded: \(error)")
            }
            headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
        }
        return HTTPRequest(method: endpoint.method, url: url, headers: headers, body: body, timeout: endpoint.timeout ?? timeout)
    }

    // MARK: - One attempt

    /// The outcome of one attempt, and the server's `Retry-After`, if it sent one.
    private struct Attempt<Response> {
        var result: Result<Response, APIError>
        var retryAfter: Duration?
    }

    private func perform<Response>(
        _ endpoint: Endpoint<Response>,
        request: HTTPRequest,
        summary: RequestSummary,
        attempt: Int,
        log: RequestLog
    ) async -> Attempt<Response> {
        if Task.isCancelled { return Attempt(result: .failure(.cancelled(request: summary))) }
        var sent = request
        var response: HTTPResponse
        var hops = 0
        repeat {
            log.sending(sent, attempt: attempt)
            let started = ContinuousClock.now
            do {
                response = try await transport.send(sent)
            } catch .cancelled {
                return Attempt(result: .failure(.cancelled(request: summary)))
            } catch {
                let failure: APIError = Task.isCancelled ? .cancelled(request: summary) : .transport(error, request: summary)
                return Attempt(result: .failure(failure))
            }
            log.received(response, for: sent, after: ContinuousClock.now - started)
            // A read moved within the same origin is followed; anything else is the answer.
            guard hops < Redirect.maximumHops, let next = Redirect.next(after: response, to: sent) else { break }
            sent = next
            hops += 1
        } while true
        guard endpoint.acceptedStatuses.contains(response.status) else {
            let failure = APIError.httpStatus(response.status, bodyExcerpt: BodyExcerpt.make(response.body), request: summary)
            return Attempt(result: .failure(failure), retryAfter: Self.retryAfter(response))
        }
        switch endpoint.decode(response, makeDecoder()) {
        case .success(let value):
            onSuccess?()
            return Attempt(result: .success(value))
        case .failure(.decoding(let failure)):
            return Attempt(result: .failure(.decoding(failure, request: summary)))
        case .failure(.invalid(let reason)):
            return Attempt(result: .failure(.invalidResponse(reason, request: summary)))
        }
    }

    /// A `Retry-After` given in whole seconds (the HTTP-date form is ignored).
    private static func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let value = response.header("Retry-After"), let seconds = Int(value.trimmingCharacters(in: .whitespaces)),
              seconds >= 0 else { return nil }
        return .seconds(seconds)
    }
}
