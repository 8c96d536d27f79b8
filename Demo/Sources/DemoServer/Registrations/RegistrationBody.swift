import Foundation

/// The body of `POST /api/registrations` and `POST /api/sessions`: `{"loginID": "...",
/// "password": "..."}`. Other keys are ignored.
///
/// The password is never logged or echoed in a message (``description`` hides it); an account
/// keeps only its bcrypt hash (``AccountStore``).
struct RegistrationBody: Decodable, Sendable, Equatable, CustomStringConvertible {
    let loginID: String
    let password: String

    /// The largest body accepted, in bytes.
    static let maximumBodySize = 64 * 1024

    /// The longest login id the API accepts, in Unicode code points (an e-mail address's limit;
    /// code points, as the OpenAPI document's `maxLength` counts).
    static let maximumLoginIDLength = 254

    /// The shortest password the API accepts, in Unicode code points (as `minLength` counts).
    static let minimumPasswordLength = 8

    private static let example = #"such as {"loginID": "taro@example.com", "password": "secret123"}"#

    /// Decodes `data`, throwing an `invalid_body` error that says what is wrong without repeating
    /// any of the values sent.
    static func decode(_ data: Data) throws(APIError) -> RegistrationBody {
        let shape = "a JSON object with a string loginID and a string password, \(example)"
        // JSON is UTF-8 (RFC 8259, 8.1); Foundation's decoder lets some invalid bytes through.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .invalidBody("The request body is not valid UTF-8; send \(shape).")
        }
        if let key = JSONKeys.repeatedTopLevelKey(in: data) {
            let name = ["loginID", "password"].contains(key) ? key : "a key"
            throw .invalidBody("The request body has \(name) twice; send each key once, \(example).")
        }
        do {
            return try JSONDecoder().decode(RegistrationBody.self, from: data)
        } catch DecodingError.keyNotFound(let key, _) {
            throw .invalidBody("The request body has no \(key.stringValue); send \(shape).")
        } catch DecodingError.valueNotFound(_, let context) where !context.codingPath.isEmpty {
            throw .invalidBody("The request body's \(context.codingPath[0].stringValue) is null; send \(shape).")
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            throw .invalidBody("The request body's \(context.codingPath[0].stringValue) must be a string; send \(shape).")
        } catch DecodingError.typeMismatch {
            throw .invalidBody("The request body must be \(shape).")
        } catch {
            throw .invalidBody("The request body is not valid JSON; send \(shape).")
        }
    }

    /// The login id to register: the one sent, without surrounding whitespace.
    ///
    /// - Throws: a 422 `invalid_parameter` error that names the rule broken: the login id is
    ///   blank, longer than ``maximumLoginIDLength``, or has a control, line-break or invisible
    ///   formatting character (``isHiddenOrControl(_:)``); or the password is shorter than
    ///   ``minimumPasswordLength``.
    func validatedLoginID() throws(APIError) -> String {
        let loginID = self.loginID.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !loginID.isEmpty else {
            throw .unprocessable("The login id is blank; send an id or an email address.")
        }
        guard loginID.unicodeScalars.count <= Self.maximumLoginIDLength else {
            throw .unprocessable("The login id must be at most \(Self.maximumLoginIDLength) characters, but has \(loginID.unicodeScalars.count).")
        }
        if let hidden = loginID.unicodeScalars.first(where: Self.isHiddenOrControl) {
            throw .unprocessable(
                "The login id must not contain control, line-break or invisible formatting characters, but has U+\(UserListQuery.hex(hidden))."
            )
        }
        guard password.unicodeScalars.count >= Self.minimumPasswordLength else {
            throw .unprocessable("The password is too short; use at least \(Self.minimumPasswordLength) characters.")
        }
        // bcrypt reads a password up to its first NUL: "\0abcdefgh" would be an empty one.
        guard !password.unicodeScalars.contains("\u{0}") else {
            throw .unprocessable("The password must not contain U+0000 (NUL).")
        }
        return loginID
    }

    /// Whether `scalar` is a control character, a line or paragraph separator, or an invisible
    /// format character (zero-width spaces and joiners, bidi overrides, the byte-order mark): what
    /// could hide text or move a terminal's cursor when the id is shown.
    static func isHiddenOrControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// The login id, with the password hidden.
    var description: String {
        "RegistrationBody(loginID: \(loginID), password: <redacted>)"
    }
}
