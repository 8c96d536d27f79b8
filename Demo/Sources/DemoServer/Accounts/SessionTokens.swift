/// What a sign-in or a refresh answers: `{"accessToken", "refreshToken", "tokenType", "expiresIn",
/// "loginID"}`. The access token goes in `Authorization: Bearer …` until `expiresIn` seconds
/// pass; the refresh token gets a new pair once (``AccountStore/refresh(_:)``).
struct SessionTokens: Encodable, Sendable, Equatable {
    /// Sent as `Authorization: Bearer <accessToken>`.
    let accessToken: String
    /// Sent to `POST /api/sessions/refresh` for a new pair; it works once.
    let refreshToken: String
    /// Always `Bearer`.
    var tokenType = "Bearer"
    /// How many seconds the access token is good for.
    let expiresIn: Int
    /// The account's login id, as registered.
    let loginID: String
}
