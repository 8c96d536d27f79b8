import Foundation
public import MVVMCore

/// What the registration form holds: the three texts as typed, and the login ids the server
/// already said are taken.
public struct RegistrationForm: Equatable, Sendable {
    /// The login id as typed.
    public var loginID: String
    /// The password as typed; printed as `<redacted>` everywhere.
    @Sensitive public var password: String
    /// The password confirmation as typed; printed as `<redacted>` everywhere.
    @Sensitive public var passwordConfirmation: String
    /// Login ids the server answered "taken" for, as ``loginIDKey(_:)`` gives them: typing one of
    /// them again shows the error at once, without asking the server.
    public var takenLoginIDs: Set<String>

    /// Creates a form; empty by default.
    public init(loginID: String = "", password: String = "", passwordConfirmation: String = "", takenLoginIDs: Set<String> = []) {
        self.loginID = loginID
        self.password = password
        self.passwordConfirmation = passwordConfirmation
        self.takenLoginIDs = takenLoginIDs
    }

    /// The login id to send: as typed, without surrounding whitespace.
    public var submittedLoginID: String {
        loginID.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the server already said that the login id as typed now is taken.
    public var isLoginIDKnownTaken: Bool {
        takenLoginIDs.contains(Self.loginIDKey(loginID))
    }

    /// The identity of a login id as the server compares them: trimmed and case-insensitive.
    public static func loginIDKey(_ loginID: String) -> String {
        loginID.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
