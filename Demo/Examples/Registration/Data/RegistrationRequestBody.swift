import MVVMCore

/// The JSON body of `POST /api/registrations`: `{"loginID": "...", "password": "..."}`.
///
/// MVVMData's request logs hide the `password` field (its default `Redaction`); the body's
/// printed forms hide it too (`@Sensitive`).
struct RegistrationRequestBody: Encodable, Sendable {
    var loginID: String
    @Sensitive var password: String

    init(_ request: RegistrationRequest) {
        loginID = request.loginID
        password = request.password
    }
}
