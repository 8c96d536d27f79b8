public import MVVMTerminal

/// What the sign-in screen keeps itself: which part has the keyboard.
public struct SignInUI: Equatable, Sendable {
    /// The focusable parts of the form, in Tab order.
    public enum Focus: Int, CaseIterable, Sendable {
        /// The login id field.
        case loginID
        /// The password field.
        case password
        /// The submit button.
        case submit
    }

    /// The part with the keyboard.
    public var focus: Focus
    /// The spinner's tick.
    public var tick = 0
    /// Keys for the alert shown: the one that opened it, repeated, answers nothing.
    public var alertInput = AlertInput()

    /// The initial UI state: the password focused when the login id is typed already.
    public init(focus: Focus = .loginID) {
        self.focus = focus
    }
}
