public import MVVMCore

/// Why an API call failed, typed: what the APIClient layer reports to data sources and
/// repositories, which map it to the app's domain errors.
///
/// Its `description` is for developers (logs, test failures), with the request and details; it is
/// never meant for users. Map it to a domain error (see ``DomainErrorMapping``), which knows what
/// to tell the user.
public enum APIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No response arrived: no connection, timeout, connection lost.
    case transport(TransportError, request: RequestSummary)
    /// The request was cancelled (the user left the screen, a newer search replaced it).
    case cancelled(request: RequestSummary)
    /// The server answered with a status outside the endpoint's accepted ones.
    case httpStatus(Int, bodyExcerpt: String, request: RequestSummary)
    /// The body is not what the endpoint expected: the JSON path and the type are named.
    case decoding(DecodingFailure, request: RequestSummary)
    /// The answer is not usable at all: no body where one was needed, not JSON.
    case invalidResponse(String, request: RequestSummary)
    /// The request could not be built (a path or query that makes no URL); nothing was sent.
    case invalidRequest(String)

    /// The broad kind of failure, for mapping to domain errors.
    public var kind: Kind {
        switch self {
        case .transport(.timedOut, _): .timeout
        case .transport(.cancelled, _), .cancelled: .cancelled
        case .transport: .noConnection
        case .httpStatus(401, _, _), .httpStatus(403, _, _): .unauthorized
        case .httpStatus(404, _, _), .httpStatus(410, _, _): .notFound
        case .httpStatus(let status, _, _) where status >= 500: .server
        case .httpStatus(let status, _, _) where status >= 400: .client
        // 1xx, 2xx or 3xx the endpoint does not take (a 304 to a request with no validator, a
        // redirect not followed): the server's answer cannot be used; the request was not wrong.
        case .httpStatus: .invalidData
        case .decoding, .invalidResponse: .invalidData
        case .invalidRequest: .invalidRequest
        }
    }

    /// The HTTP status, when the server answered with an unaccepted one.
    public var status: Int? {
        if case .httpStatus(let status, _, _) = self { return status }
        return nil
    }

    /// The broad kinds of ``APIError``.
    public enum Kind: Hashable, Sendable {
        /// No network, host unreachable, connection lost.
        case noConnection
        /// No answer within the timeout.
        case timeout
        /// Cancelled by the app.
        case cancelled
        /// 401 or 403.
        case unauthorized
        /// 404 or 410.
        case notFound
        /// Another 4xx: the request was wrong.
        case client
        /// 5xx.
        case server
        /// The body could not be decoded, or was missing or not JSON; or the status is one the
        /// endpoint does not take and no error (1xx, 2xx, 3xx: a 304 to a request with no
        /// validator, a redirect not followed).
        case invalidData
        /// The request could not be built.
        case invalidRequest
    }

    /// What failed, for logs and test failures.
    public var description: String {
        switch self {
        case .transport(let error, let request): "\(request): \(error)"
        case .cancelled(let request): "\(request): cancelled"
        case .httpStatus(let status, let excerpt, let request):
            excerpt.isEmpty ? "\(request): HTTP \(status)" : "\(request): HTTP \(status): \(excerpt)"
        case .decoding(let failure, let request): "\(request): \(failure)"
        case .invalidResponse(let reason, let request): "\(request): invalid response: \(reason)"
        case .invalidRequest(let reason): "invalid request: \(reason)"
        }
    }
}

extension APIError: CancellationReporting {
    /// Whether the call was cancelled: `ErrorPresenter` shows nothing for it.
    public var isCancellation: Bool { kind == .cancelled }
}

/// Which request failed, without anything secret: method and path (no query, no headers).
public struct RequestSummary: Hashable, Sendable, CustomStringConvertible {
    /// The method.
    public let method: HTTPMethod
    /// The URL's path.
    public let path: String

    /// Creates a summary.
    public init(method: HTTPMethod, path: String) {
        self.method = method
        self.path = path
    }

    /// `GET /api/users`.
    public var description: String { "\(method) \(path)" }
}
