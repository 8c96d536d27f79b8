import Foundation
import Hummingbird
import NIOCore

/// The `/api/sessions` routes: sign in, refresh, sign out.
///
/// - `POST /api/sessions` with `{"loginID", "password"}`: 200 with ``SessionTokens``, or 401
///   `invalid_credentials`.
/// - `POST /api/sessions/refresh` with `{"refreshToken"}`: 200 with a new pair (the token sent
///   stops working), or 401 `invalid_refresh_token`.
/// - `POST /api/sessions/sign-out` with `{"refreshToken"}`: 204; the token stops working.
///
/// Bodies that are not the expected JSON answer 400 `invalid_body`; a blank login id has no
/// account (401). No password or token is logged or echoed.
struct SessionRoutes: Sendable {
    let accounts: AccountStore

    /// Adds the routes to `group`, mounted at `/api/sessions`.
    func register(on group: RouterGroup<DemoRequestContext>) {
        group.post { request, _ in
            var request = request
            let bytes = try await request.collectBody(atMost: RegistrationBody.maximumBodySize)
            let body = try RegistrationBody.decode(Data(bytes.readableBytesView))
            // A blank id has no account: the same 401 as any other id without one.
            let loginID = body.loginID.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !loginID.isEmpty else { throw APIError.invalidCredentials() }
            guard let tokens = try await accounts.signIn(loginID: loginID, password: body.password) else {
                throw APIError.invalidCredentials()
            }
            return Self.noStore(JSONResponse.encoding(tokens))
        }
        group.post("refresh") { request, _ in
            var request = request
            let bytes = try await request.collectBody(atMost: RefreshBody.maximumBodySize)
            let body = try RefreshBody.decode(Data(bytes.readableBytesView))
            guard let tokens = try await accounts.refresh(body.refreshToken) else { throw APIError.invalidRefreshToken() }
            return Self.noStore(JSONResponse.encoding(tokens))
        }
        group.post("sign-out") { request, _ in
            var request = request
            let bytes = try await request.collectBody(atMost: RefreshBody.maximumBodySize)
            let body = try RefreshBody.decode(Data(bytes.readableBytesView))
            try await accounts.signOut(body.refreshToken)
            return Response(status: .noContent)
        }
    }

    /// Tokens are never kept by a cache on the way.
    private static func noStore(_ response: Response) -> Response {
        var response = response
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
