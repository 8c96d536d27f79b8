import Foundation
import Hummingbird

/// Answers 401 `unauthorized` (with `WWW-Authenticate: Bearer`) to a request without a valid
/// access token in `Authorization: Bearer …`, unless the accounts are open (`--no-auth`).
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = DemoRequestContext

    let accounts: AccountStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !accounts.isOpen else { return try await next(request, context) }
        guard let token = Self.bearerToken(request.headers[.authorization]), await accounts.loginID(for: token) != nil else {
            var response = APIError.unauthorized().response()
            response.headers[.wwwAuthenticate] = #"Bearer realm="demo""#
            return response
        }
        return try await next(request, context)
    }

    /// The token of an `Authorization: Bearer <token>` value (the scheme in any case).
    static func bearerToken(_ value: String?) -> String? {
        guard let value else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
