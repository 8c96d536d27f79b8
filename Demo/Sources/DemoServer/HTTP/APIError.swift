import Foundation
import Hummingbird

/// An error the API answers with: an HTTP status and a `{"error": {"code", "message"}}` body.
struct APIError: Error, Sendable, Equatable {
    /// The machine-readable `error.code` values of the API.
    enum Code: String, Sendable, Encodable {
        case invalidParameter = "invalid_parameter"
        case notFound = "not_found"
        case methodNotAllowed = "method_not_allowed"
        case invalidBody = "invalid_body"
        case injectedFault = "injected_fault"
        case idTaken = "id_taken"
        case invalidCredentials = "invalid_credentials"
        case invalidRefreshToken = "invalid_refresh_token"
        case unauthorized = "unauthorized"
        case idempotencyKeyReused = "idempotency_key_reused"
        case invalidRequest = "invalid_request"
        case requestTooLarge = "request_too_large"
        case requestTimeout = "request_timeout"
        case `internal` = "internal"
    }

    /// The HTTP status code of the response.
    let status: Int
    /// The `error.code` of the body.
    let code: Code
    /// The `error.message` of the body: a sentence a person can act on.
    let message: String

    /// A 400 for a bad query parameter, path parameter or header.
    static func invalidParameter(_ message: String) -> APIError {
        APIError(status: 400, code: .invalidParameter, message: message)
    }

    /// A 404 for something that does not exist.
    static func notFound(_ message: String) -> APIError {
        APIError(status: 404, code: .notFound, message: message)
    }

    /// A 400 for a request body that is not what the route expects.
    static func invalidBody(_ message: String) -> APIError {
        APIError(status: 400, code: .invalidBody, message: message)
    }

    /// A 422 for a well-formed request whose values break the API's rules (a blank login id, a
    /// short password).
    static func unprocessable(_ message: String) -> APIError {
        APIError(status: 422, code: .invalidParameter, message: message)
    }

    /// A 413 for a request body larger than a route accepts.
    static func payloadTooLarge(limit: Int) -> APIError {
        APIError(status: 413, code: .invalidBody, message: "The request body is larger than \(limit / 1024) KiB; send a smaller one.")
    }

    /// A 409 for a login id that is already taken.
    static func idTaken(_ message: String) -> APIError {
        APIError(status: 409, code: .idTaken, message: message)
    }

    /// A 401 for a sign-in whose login id has no account or whose password is not its own (one
    /// answer for both: it does not tell which ids have accounts).
    static func invalidCredentials() -> APIError {
        APIError(status: 401, code: .invalidCredentials, message: "The login id or the password is wrong; check both and sign in again.")
    }

    /// A 401 for a refresh token that is unknown, expired, revoked or used before.
    static func invalidRefreshToken() -> APIError {
        APIError(status: 401, code: .invalidRefreshToken, message: "The refresh token is not valid (expired, revoked or used before); sign in again.")
    }

    /// A 401 for a request with no access token, or one that is not valid (expired, unknown).
    static func unauthorized() -> APIError {
        APIError(
            status: 401, code: .unauthorized,
            message: "This route needs a valid access token: send Authorization: Bearer <accessToken> from POST /api/sessions, or refresh it."
        )
    }

    /// A 409 for an `Idempotency-Key` sent before with another request.
    static func idempotencyKeyReused(_ message: String) -> APIError {
        APIError(status: 409, code: .idempotencyKeyReused, message: message)
    }

    /// A 500 that hides the details, which go to the server log instead.
    static func `internal`(_ message: String) -> APIError {
        APIError(status: 500, code: .internal, message: message)
    }

    /// A 405 for a path that exists, with a method it does not answer.
    static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> APIError {
        APIError(
            status: 405, code: .methodNotAllowed,
            message: "\(path) does not answer \(method); it answers \(allowed.joined(separator: ", "))."
        )
    }

    /// A 400 for a request head that is not HTTP/1.1 (the HTTP decoder refused it).
    static func invalidRequest() -> APIError {
        APIError(status: 400, code: .invalidRequest, message: "The request is not valid HTTP/1.1.")
    }

    /// A 414 for a request line (method, path and query) longer than `limit` bytes.
    static func requestLineTooLong(limit: Int) -> APIError {
        APIError(
            status: 414, code: .requestTooLarge,
            message: "The request line (method, path and query) is longer than \(limit / 1024) KiB; send a shorter one."
        )
    }

    /// A 431 for a request head over `limit` bytes, or with more than `fields` header fields.
    static func requestHeadTooLarge(limit: Int, fields: Int) -> APIError {
        APIError(
            status: 431, code: .requestTooLarge,
            message: "The request head is larger than \(limit / 1024) KiB or has more than \(fields) header fields; send fewer or smaller header fields."
        )
    }

    /// A 408 for a request head that did not arrive within `timeout`.
    static func requestTimeout(after timeout: Duration) -> APIError {
        APIError(
            status: 408, code: .requestTimeout,
            message: "The request head (request line and header fields) did not arrive within \(timeout); send it at once."
        )
    }

    /// The JSON response for this error.
    func response() -> Response {
        JSONResponse.bytes(jsonBody, status: status)
    }

    /// The response body: `{"error": {"code", "message"}}`, keys sorted.
    var jsonBody: Data {
        do {
            return try JSONResponse.encoder.encode(ErrorBody(error: .init(code: code, message: message)))
        } catch {
            // Unreachable: the body is strings only.
            return Data(#"{"error":{"code":"internal","message":"The server could not encode its response."}}"#.utf8)
        }
    }
}

/// The body of every error response.
private struct ErrorBody: Encodable {
    struct Detail: Encodable {
        let code: APIError.Code
        let message: String
    }

    let error: Detail
}
