import Foundation
public import MVVMCore

/// What the sign-in form holds: the login id and the password as typed.
public struct SignInForm: Equatable, Sendable {
    /// The form's fields.
    public enum Field: Hashable, Sendable, CaseIterable {
        /// The login id.
        case loginID
        /// The password.
        case password
    }

    /// The login id as typed.
    public var loginID: String
    /// The password as typed; printed as `<redacted>` everywhere.
    @Sensitive public var password: String

    /// Creates a form; empty by default.
    public init(loginID: String = "", password: String = "") {
        self.loginID = loginID
        self.password = password
    }

    /// The login id to send: as typed, without surrounding whitespace.
    public var submittedLoginID: String {
        loginID.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The sign-in rules: both fields filled in.
    public static let validator = FormValidator<SignInForm, Field> {
        FieldRule.field(.loginID, \.submittedLoginID, .required(SignInText.blank))
        FieldRule.field(.password, \.password, .required(SignInText.blank))
    }
}
