public import MVVMCore

extension SignInViewModel {
    /// What the sign-in screen shows.
    ///
    /// `form` is what the user typed; the statuses, the summary and `isSubmitEnabled` follow from
    /// it and from the submit.
    public struct State: Equatable, Sendable, NavigationState {
        /// The texts as typed.
        public var form: SignInForm
        /// The login id field's status: unchecked while empty.
        public var loginIDStatus: FieldStatus = .unchecked
        /// The password field's status: unchecked while empty.
        public var passwordStatus: FieldStatus = .unchecked
        /// The line under the form: the server's refusal or the first problem in red, or
        /// "ログインできます" in green.
        public var summary = FormSummary(text: SignInText.blank, isOK: false)
        /// Whether the submit button is enabled: both fields filled in and no submit in flight.
        public var isSubmitEnabled = false
        /// Whether a sign-in is in flight.
        public var isSubmitting = false
        /// Whether the server said the login id or the password is wrong, since the last edit.
        public var wasRefused = false
        /// Why the screen shows, above the form; `nil` for a plain sign-in.
        public var notice: LocalizedText?
        /// A line under the form (the demo account to try); `nil` for none.
        public var hint: LocalizedText?
        /// The alert for a failure other than a wrong login id or password.
        public var navigation: Navigation<Never, Alert<Event>> = Navigation()

        /// The state of `form`, before any submit.
        public init(form: SignInForm = SignInForm(), notice: LocalizedText? = nil, hint: LocalizedText? = nil) {
            self.form = form
            self.notice = notice
            self.hint = hint
            revalidate()
        }

        /// Recomputes what follows from `form` and the submit.
        mutating func revalidate() {
            let result = SignInForm.validator.validate(form)
            loginIDStatus = form.loginID.isEmpty ? .unchecked : result.status(for: .loginID)
            passwordStatus = form.password.isEmpty ? .unchecked : result.status(for: .password)
            summary = if wasRefused {
                FormSummary(text: SignInText.wrongCredentials, isOK: false)
            } else if let problem = result.firstMessage {
                FormSummary(text: problem, isOK: false)
            } else {
                FormSummary(text: SignInText.ready, isOK: true)
            }
            isSubmitEnabled = result.canSubmit && !isSubmitting
        }
    }
}
