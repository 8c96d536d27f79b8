public import MVVMCore

/// The sign-in screen: a login id and a password, checked as the user types (article 001's
/// form: a line under it, green when ready, red with the first problem), and a submit that signs
/// in through a ``SessionRepository``.
///
/// - A wrong login id or password is said in red under the form until the next edit; no alert.
/// - Other failures are one alert each, with Retry when it may help; a cancelled submit shows
///   nothing.
/// - Submitting disables the button; a second press meanwhile does nothing. Editing a field
///   cancels the submit in flight, as the registration form does.
/// - Once signed in, the password is cleared: whoever shows the app (``SessionRepository``'s
///   status) takes over.
@MainActor
public final class SignInViewModel: ViewModel {
    private let store: StateStore<State>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let sessions: any SessionRepository

    /// The owned-work key of the submit.
    private static let submitKey = "sign-in"

    /// Creates the form.
    ///
    /// - Parameters:
    ///   - loginID: the login id typed already: the account asked to sign in again, or none.
    ///   - notice: why the screen shows, above the form (``SignInText/expired(account:)``).
    ///   - hint: a line under the form (``SignInText/demoAccount(loginID:password:)``).
    ///   - sessions: where sign-ins go; `Dependencies.sessions` by default.
    public init(
        loginID: String = "", notice: LocalizedText? = nil, hint: LocalizedText? = nil,
        sessions: any SessionRepository = Dependencies.current.sessions
    ) {
        self.sessions = sessions
        store = StateStore(State(form: SignInForm(loginID: loginID), notice: notice, hint: hint))
    }

    /// Handles one event from the view.
    public func onEvent(_ event: Event) {
        switch event {
        case .loginIDChanged(let text): edit { $0.loginID = text }
        case .passwordChanged(let text): edit { $0.password = text }
        case .submitTapped: submit()
        case .retryTapped:
            guard state.navigation.modal?.offers(.retryTapped) == true else { return }
            submit()   // the alert closes when this returns
        case .navigation(let event): store.update { $0.navigation.handle(event) }
        }
    }

    private func edit(_ change: (inout SignInForm) -> Void) {
        var form = state.form
        change(&form)
        guard form != state.form else { return }
        store.update(cancelling: Self.submitKey) { state in   // the submit's onCancel, then the edit
            state.form = form
            state.wasRefused = false
            state.revalidate()
        }
    }

    private func submit() {
        guard state.isSubmitEnabled, !store.isRunning(Self.submitKey) else { return }
        let loginID = state.form.submittedLoginID
        let password = state.form.password
        store.update { state in
            state.isSubmitting = true
            state.revalidate()
        }
        let putBack: @MainActor (inout State) -> Void = { state in
            state.isSubmitting = false
            state.revalidate()
        }
        store.run(Self.submitKey, policy: .dropWhileRunning, onCancel: putBack) { [weak self, sessions] in
            let failure: SignInError?
            do throws(SignInError) {
                try await sessions.signIn(loginID: loginID, password: password)
                failure = nil
            } catch {
                failure = error
            }
            self?.finishSubmit(failure)   // dropped by the store if this submit was cancelled
        }
    }

    private func finishSubmit(_ failure: SignInError?) {
        store.update { state in
            state.isSubmitting = false
            switch failure {
            case nil:
                state.form.password = ""   // not kept past its use
            case .wrongCredentials?:
                state.wasRefused = true
            case let error?:
                if let presentation = ErrorPresenter.default.presentation(for: error) {
                    state.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss), retry: .retryTapped))
                }
            }
            state.revalidate()
        }
    }
}
