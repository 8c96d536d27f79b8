public import MVVMCore

/// What the app asks the server to register. Its printed forms never show the password.
public struct RegistrationRequest: Hashable, Sendable {
    /// The login id, trimmed.
    public var loginID: String
    /// The password, as typed; printed as `<redacted>` everywhere.
    @Sensitive public var password: String

    /// Creates a request.
    public init(loginID: String, password: String) {
        self.loginID = loginID
        self.password = password
    }

    /// The request for `form`'s values: the login id trimmed, the password as typed.
    public init(_ form: RegistrationForm) {
        self.init(loginID: form.submittedLoginID, password: form.password)
    }
}
