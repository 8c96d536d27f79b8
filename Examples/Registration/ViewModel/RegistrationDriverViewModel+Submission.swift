import MVVMCombine

extension RegistrationDriverViewModel {
    /// What the submit adds to the typed texts.
    struct SubmissionState: Equatable, Sendable {
        /// `.idle`, `.loading()` while in flight, `.loaded` once registered.
        var phase: Loadable<Registration> = .idle
        /// Login ids the server said are taken, as `RegistrationForm.loginIDKey(_:)` gives them.
        var takenLoginIDs: Set<String> = []
        /// Alerts for failures other than a taken login id.
        var alerts = AlertQueue()
    }

    /// The owned-work key of the submit.
    static let submitKey = "submit"

    /// Starts a submit when the form is valid and none is in flight or done.
    func submit() {
        let phase = submission.state.phase
        guard RegistrationFeedback(latestForm, validator: validator).isValid, !phase.isLoading, phase.value == nil,
              !submission.isRunning(Self.submitKey) else { return }
        let request = RegistrationRequest(latestForm)
        submission.update { $0.phase = .loading() }
        let putBack: @MainActor (inout SubmissionState) -> Void = { $0.phase.cancelLoading() }
        submission.run(Self.submitKey, policy: .dropWhileRunning, onCancel: putBack) { [weak self, repository] in
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

    /// Dismisses the alert `id` and submits again, if that alert is still up.
    func retry(alert id: Int) {
        guard submission.state.alerts.pending.contains(where: { $0.id == id }) else { return }
        submission.update { $0.alerts.dismiss(id) }
        submit()
    }

    /// The user changed a field: the submit in flight is cancelled and its answer never lands.
    func formEdited() {
        submission.cancelWork(Self.submitKey)
    }

    private func finishSubmit(_ result: Result<Registration, RegistrationError>, of request: RegistrationRequest) {
        submission.update { state in
            switch result {
            case .success(let registration):
                state.phase = .loaded(registration)
            case .failure(let error):
                state.phase = .idle
                switch SubmitFailure(error) {
                case .loginIDTaken: state.takenLoginIDs.insert(RegistrationForm.loginIDKey(request.loginID))
                case .alert(let presentation): state.alerts.enqueue(presentation)
                case .silent: break
                }
            }
        }
    }
}
