import MVVMCore

extension RegistrationViewModel {
    /// Starts a submit when the button is enabled; drops it while one is in flight.
    func submit() {
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
