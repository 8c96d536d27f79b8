import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// Turns every error a route throws into a JSON error response, so no request ever gets an empty
/// 500 or a stack trace. Unexpected errors are logged and answered with a generic `internal` error.
/// An oversized body (413) is reported to the rejection log.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = DemoRequestContext

    let rejections: RejectionLog

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return respond(error)
        } catch let error as HTTPError {
            let allowed = error.status == .notFound ? DemoRouter.methods(allowedAt: request.uri.path) : []
            guard allowed.isEmpty else {
                // The path exists; the method does not.
                var response = respond(.methodNotAllowed(request.method.rawValue, path: request.uri.path, allowed: allowed))
                response.headers[.allow] = allowed.joined(separator: ", ")
                return response
            }
            return respond(Self.apiError(for: error, request: request))
        } catch let error as HTTPParserError {
            // The request is not valid HTTP, or its body stopped before its Content-Length (the
            // client went away, a cancelled request): the client's doing, not the server's.
            context.logger.debug("Request body unreadable", metadata: ["error": "\(error)"])
            return respond(.invalidBody("The request ended before its body was complete, or is not valid HTTP."))
        } catch is NIOTooManyBytesError {
            // A route that collected its body without `collectBody(atMost:)`.
            return respond(APIError(status: 413, code: .invalidBody, message: "The request body is too large."))
        } catch {
            context.logger.error(
                "Request failed",
                metadata: ["method": "\(request.method)", "path": "\(request.uri.path)", "error": "\(error)"]
            )
            return APIError.internal(
                "The server failed to handle \(request.method) \(request.uri.path); the details are in the server log."
            ).response()
        }
    }

    private func respond(_ error: APIError) -> Response {
        if error.status == 413 { rejections.record(.oversizedBody) }
        return error.response()
    }

    /// Maps Hummingbird's own errors (unknown routes, oversized bodies) to API errors.
    static func apiError(for error: HTTPError, request: Request) -> APIError {
        switch error.status.code {
        case 404:
            return .notFound("No route matches \(request.method) \(request.uri.path).")
        case 413:
            return APIError(status: 413, code: .invalidBody, message: "The request body is too large.")
        case 400..<500:
            return APIError(status: error.status.code, code: .invalidParameter, message: error.body ?? "The request is invalid.")
        default:
            return APIError(status: error.status.code, code: .internal, message: error.body ?? "The server failed to handle the request.")
        }
    }
}
