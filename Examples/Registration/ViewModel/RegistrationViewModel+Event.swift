extension RegistrationViewModel {
    /// What the registration screen reports.
    public enum Event: Equatable, Sendable {
        /// The login id field's text changed.
        case loginIDChanged(String)
        /// The password field's text changed.
        case passwordChanged(String)
        /// The confirmation field's text changed.
        case passwordConfirmationChanged(String)
        /// The submit button was tapped.
        case submitTapped
        /// The alert's Retry button was tapped: the alert goes, and the submit is tried again.
        case alertRetryTapped(id: Int)
        /// The alert was dismissed.
        case alertDismissed(id: Int)
    }
}
