public import MVVMTerminal

/// What the registration screen keeps itself: which field has the keyboard.
public struct RegistrationUI: Equatable, Sendable {
    /// The focusable parts of the form, in Tab order.
    public enum Focus: Int, CaseIterable, Sendable {
        /// The login id field.
        case loginID
        /// The password field.
        case password
        /// The password confirmation field.
        case passwordConfirmation
        /// The submit button.
        case submit
    }

    /// The part with the keyboard.
    public var focus: Focus = .loginID
    /// The spinner's tick.
    public var tick = 0
    /// Keys for the alert shown: the one that opened it, repeated, answers nothing.
    public var alertInput = AlertInput()

    /// Creates the initial UI state.
    public init() {}
}
