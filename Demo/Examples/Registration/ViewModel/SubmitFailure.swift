import MVVMCore

/// How the registration form answers a failed submit; shared by both ViewModels.
enum SubmitFailure: Equatable, Sendable {
    /// The login id is taken: the field shows it, no alert.
    case loginIDTaken
    /// Any other failure: an alert, with Retry when it may help.
    case alert(ErrorPresentation)
    /// A cancellation: nothing to show.
    case silent

    init(_ error: RegistrationError, presenter: ErrorPresenter = .default) {
        if error == .loginIDTaken {
            self = .loginIDTaken
        } else if let presentation = presenter.presentation(for: error) {
            self = .alert(presentation)
        } else {
            self = .silent
        }
    }
}
