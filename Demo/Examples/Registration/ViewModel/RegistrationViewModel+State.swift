public import MVVMCore
public import MVVMData

extension RegistrationViewModel {
    /// What the registration screen shows.
    ///
    /// `form` is what the user typed; every other property follows from it and from the submit,
    /// and is kept up to date by the ViewModel on each change.
    public struct State: Equatable, Sendable, NavigationState {
        /// The texts as typed, and the login ids the server said are taken.
        public var form: RegistrationForm
        /// The login id field's status.
        public var loginIDStatus: FieldStatus
        /// The password field's status.
        public var passwordStatus: FieldStatus
        /// The confirmation field's status.
        public var passwordConfirmationStatus: FieldStatus
        /// The line under the form: the first problem, or "登録可能です".
        public var summary: FormSummary
        /// Whether the submit button is enabled: the form is valid, no submit is in flight, and
        /// the registration is not done yet.
        public var isSubmitEnabled: Bool
        /// The submit: `.idle`, `.loading()` while in flight, `.loaded` once registered. A failed
        /// or cancelled submit goes back to `.idle`; its failure shows as a field status or an
        /// alert.
        public var submission: Loadable<Registration>
        /// The alert for a failure other than a taken login id, with Retry when it may help.
        public var navigation: Navigation<Never, Alert<Event>>

        /// The state of `form`, validated with `validator`, before any submit.
        public init(form: RegistrationForm = RegistrationForm(), validator: RegistrationValidator = .registration) {
            self.form = form
            self.submission = .idle
            self.navigation = Navigation()
            let feedback = RegistrationFeedback(form, validator: validator)
            loginIDStatus = feedback.loginID
            passwordStatus = feedback.password
            passwordConfirmationStatus = feedback.passwordConfirmation
            summary = feedback.summary
            isSubmitEnabled = feedback.isValid
        }

        /// Recomputes what follows from `form` and `submission`.
        mutating func revalidate(with validator: RegistrationValidator) {
            let feedback = RegistrationFeedback(form, validator: validator)
            loginIDStatus = feedback.loginID
            passwordStatus = feedback.password
            passwordConfirmationStatus = feedback.passwordConfirmation
            summary = feedback.summary
            isSubmitEnabled = feedback.isValid && !submission.isLoading && submission.value == nil
        }
    }
}

extension SharedKey<String> {
    /// The registration draft's login id: kept while the app runs and across starts (a kill
    /// included), as the user left it. The passwords are never shared, so never written to disk.
    public static let registrationLoginID = SharedKey("registration-login-id", default: "")   // not shown: a file name
}
