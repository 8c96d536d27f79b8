/// The JSON body of `POST /api/registrations`: `{"loginID": "...", "password": "..."}`.
///
/// MVVMData's request logs hide the `password` field (its default `Redaction`); the body's
/// descriptions hide it too.
struct RegistrationRequestBody: Encodable, Sendable, CustomStringConvertible {
    var loginID: String
    var password: String

    init(_ request: RegistrationRequest) {
        loginID = request.loginID
        password = request.password
    }

    var description: String { "RegistrationRequestBody(loginID: \(loginID), password: <redacted>)" }
}
