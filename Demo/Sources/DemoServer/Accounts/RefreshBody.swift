import Foundation

/// The body of `POST /api/sessions/refresh` and `POST /api/sessions/sign-out`:
/// `{"refreshToken": "..."}`. Other keys are ignored; the token is never logged or echoed.
struct RefreshBody: Decodable, Sendable, CustomStringConvertible {
    let refreshToken: String

    /// The largest body accepted, in bytes.
    static let maximumBodySize = 4 * 1024

    /// Decodes `data`, throwing an `invalid_body` error that says what is wrong without repeating
    /// the value sent.
    static func decode(_ data: Data) throws(APIError) -> RefreshBody {
        let shape = #"a JSON object with a string refreshToken, such as {"refreshToken": "3f9c…"}"#
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .invalidBody("The request body is not valid UTF-8; send \(shape).")
        }
        if JSONKeys.repeatedTopLevelKey(in: data) != nil {
            throw .invalidBody("The request body has a key twice; send \(shape).")
        }
        do {
            return try JSONDecoder().decode(RefreshBody.self, from: data)
        } catch {
            throw .invalidBody("The request body must be \(shape).")
        }
    }

    /// The token hidden.
    var description: String { "RefreshBody(refreshToken: <redacted>)" }
}
