public import MVVMCore
import MVVMData

/// The registration screen: a login id (an id or an email address), a password and its
/// confirmation, validated as the user types, and a submit that registers through a
/// ``RegistrationRepository``.
///
/// - A field shows ``FieldStatus/unchecked`` while empty, then its first failing rule or ok; the
///   summary line shows the form's first problem (blank fields first, as in the article), or
///   "登録可能です".
/// - Submitting shows `.loading()` and disables the button; a second tap meanwhile does nothing.
/// - A taken login id becomes the login id field's error (and stays known: typing that id again
///   shows the error at once); other failures become one alert each, with Retry when it may help;
///   a cancelled submit shows nothing.
///
/// **Stale answers.** Editing a field while a submit is in flight cancels that submit: the form
/// goes back to idle with the new values, and the cancelled submit's answer never lands. The same
/// happens when the view disappears. (A request the server already received may still have
/// registered the id; registering again then answers "taken".)
@MainActor
public final class RegistrationViewModel: ViewModel {
    /// The state, and the owner of the submit; only this class writes it.
    private let store: StateStore<State>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let repository: any RegistrationRepository
    private let validator: RegistrationValidator

    /// The owned-work key of the submit.
    private static let submitKey = "submit"

    /// Creates the ViewModel.
    ///
    /// - Parameters:
    ///   - repository: where registrations go; `Dependencies.registrations` by default.
    ///   - validator: the form's rules; ``FormValidator/registration`` by default.
    public init(
        repository: any RegistrationRepository = Dependencies.current.registrations,
        validator: RegistrationValidator = .registration
    ) {
        self.repository = repository
        self.validator = validator
        let store = StateStore(State(validator: validator))
        self.store = store
        // The draft survives a kill: its login id, never a password (nothing else is shared).
        // Changed on another screen: applied as this screen's own edit (it validates).
        store.share(\.form.loginID, with: Dependencies.current.sharedValues.value(.registrationLoginID)) {
            [weak self] text in self?.send(.loginIDChanged(text))
        }
        store.update { $0.revalidate(with: validator) }
    }

    /// Handles one event from the view.
    public func onEvent(_ event: Event) {
        switch event {
        case .loginIDChanged(let text): edit { $0.loginID = text }
        case .passwordChanged(let text): edit { $0.password = text }
        case .passwordConfirmationChanged(let text): edit { $0.passwordConfirmation = text }
        case .submitTapped: submit()
        case .retryTapped:
            guard state.navigation.modal?.offers(.retryTapped) == true else { return }
            submit()   // the alert closes when this returns
        case .navigation(let event): store.update { $0.navigation.handle(event) }
        }
    }

    /// Applies an edit; a real change cancels the submit in flight (see the type's docs).
    private func edit(_ change: (inout RegistrationForm) -> Void) {
        var form = state.form
        change(&form)
        guard form != state.form else { return }
        store.update(cancelling: Self.submitKey) { state in   // the submit's onCancel, then the edit
            state.form = form
            state.revalidate(with: validator)
        }
    }

    /// Starts a submit when the button is enabled; drops it while one is in flight.
    private func submit() {
        guard state.isSubmitEnabled, !store.isRunning(Self.submitKey) else { return }
        let request = RegistrationRequest(state.form)
        store.update { state in
            state.submission = .loading()
            state.revalidate(with: validator)
        }
        let putBack: @MainActor (inout State) -> Void = { [validator] state in
            state.submission.cancelLoading()
            state.revalidate(with: validator)
        }
        store.run(Self.submitKey, policy: .dropWhileRunning, onCancel: putBack) { [weak self, repository] in
            let result: Result<Registration, RegistrationError>
            do throws(RegistrationError) {
                result = .success(try await repository.register(request))
            } catch {
                result = .failure(error)
            }
            // Dropped by the store if this submit was cancelled meanwhile.
            self?.finishSubmit(result, of: request)
        }
    }

    private func finishSubmit(_ result: Result<Registration, RegistrationError>, of request: RegistrationRequest) {
        store.update { state in
            switch result {
            case .success(let registration):
                state.submission = .loaded(registration)
                // Article 001's alert: 登録！ and ok.
                state.navigation.present(Alert(
                    title: RegistrationText.registered, message: RegistrationText.registeredMessage(loginID: registration.loginID),
                    buttons: [AlertButton(RegistrationText.ok, role: .cancel, sends: .navigation(.dismiss))]
                ))
            case .failure(let error):
                state.submission = .idle
                switch SubmitFailure(error) {
                case .loginIDTaken: state.form.takenLoginIDs.insert(RegistrationForm.loginIDKey(request.loginID))
                case .alert(let presentation):
                    state.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss), retry: .retryTapped))
                case .silent: break
                }
            }
            state.revalidate(with: validator)
        }
    }
}
