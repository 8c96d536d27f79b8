/// What the app asks the server to register. Its descriptions never show the password.
public struct RegistrationRequest: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The login id, trimmed.
    public var loginID: String
    /// The password, as typed.
    public var password: String

    /// Creates a request.
    public init(loginID: String, password: String) {
        self.loginID = loginID
        self.password = password
    }

    /// The request for `form`'s values: the login id trimmed, the password as typed.
    public init(_ form: RegistrationForm) {
        self.init(loginID: form.submittedLoginID, password: form.password)
    }

    /// `RegistrationRequest(loginID: taro, password: <redacted>)`.
    public var description: String { "RegistrationRequest(loginID: \(loginID), password: <redacted>)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the password, for `dump` and test failure diffs.
    public var customMirror: Mirror {
        Mirror(self, children: ["loginID": loginID, "password": "<redacted>"])
    }
}
