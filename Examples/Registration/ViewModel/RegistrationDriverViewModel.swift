public import MVVMCombine

/// The registration screen in the article's style: text drivers in, drivers out, wired once in
/// ``transform(input:)``. It shares ``FormValidator/registration``, ``RegistrationFeedback`` and
/// the ``RegistrationRepository`` with ``RegistrationViewModel``, and behaves the same:
/// validation as the user types, one submit at a time, a taken id as a field error, other
/// failures as alerts, and an edit (or ``cancel()``) cancelling the submit in flight so that its
/// answer never lands.
///
/// ```swift
/// let output = viewModel.transform(input: .init(
///     loginID: loginIDField.textDriver,
///     password: passwordField.textDriver,
///     passwordConfirmation: confirmationField.textDriver,
///     submitTapped: submitButton.tapPublisher
/// ))
/// output.summary.drive { [weak self] in self?.summaryLabel.text = $0.text }.store(in: &cancellables)
/// output.isSubmitEnabled.drive { [weak self] in self?.submitButton.isEnabled = $0 }.store(in: &cancellables)
/// ```
@MainActor
public final class RegistrationDriverViewModel: TransformingViewModel {
    let repository: any RegistrationRepository
    let validator: RegistrationValidator
    /// The submit's phase, the taken ids and the alerts; also the owner of the submit work.
    let submission = StateStore(SubmissionState())
    /// The form as last typed, with the taken ids.
    var latestForm = RegistrationForm()
    private var cancellables = Set<AnyCancellable>()

    /// Creates the ViewModel.
    ///
    /// - Parameters:
    ///   - repository: where registrations go.
    ///   - validator: the form's rules; ``FormValidator/registration`` by default.
    public init(repository: any RegistrationRepository, validator: RegistrationValidator = .registration) {
        self.repository = repository
        self.validator = validator
    }

    /// Wires `input` to the outputs. Call it once.
    public func transform(input: Input) -> Output {
        let texts = Publishers.CombineLatest3(input.loginID, input.password, input.passwordConfirmation)
        let form = Publishers.CombineLatest(texts, submission.publisher(for: \.takenLoginIDs))
            .map { texts, taken in
                RegistrationForm(loginID: texts.0, password: texts.1, passwordConfirmation: texts.2, takenLoginIDs: taken)
            }
            .asDriver()
        let feedback = form.map { [validator] in RegistrationFeedback($0, validator: validator) }.asDriver()
        let phase = submission.publisher(for: \.phase)

        form.drive { [weak self] in self?.latestForm = $0 }.store(in: &cancellables)
        // An edit, not the first values: cancels the submit in flight.
        texts.removeDuplicates(by: ==).dropFirst().asDriver()
            .drive { [weak self] _ in self?.formEdited() }
            .store(in: &cancellables)
        input.submitTapped.asDriver()
            .drive { [weak self] in self?.submit() }
            .store(in: &cancellables)
        input.alertRetryTapped.asDriver()
            .drive { [weak self] in self?.retry(alert: $0) }
            .store(in: &cancellables)
        input.alertDismissed.asDriver()
            .drive { [weak self] id in self?.submission.update { $0.alerts.dismiss(id) } }
            .store(in: &cancellables)

        return Output(
            loginIDStatus: feedback.map(\.loginID).removeDuplicates().asDriver(),
            passwordStatus: feedback.map(\.password).removeDuplicates().asDriver(),
            passwordConfirmationStatus: feedback.map(\.passwordConfirmation).removeDuplicates().asDriver(),
            summary: feedback.map(\.summary).removeDuplicates().asDriver(),
            isSubmitEnabled: Publishers.CombineLatest(feedback.map(\.isValid), phase)
                .map { isValid, phase in isValid && !phase.isLoading && phase.value == nil }
                .removeDuplicates()
                .asDriver(),
            isSubmitting: phase.map(\.isLoading).removeDuplicates().asDriver(),
            registration: phase.map(\.value).removeDuplicates().asDriver(),
            alert: submission.publisher(for: \.alerts).map(\.current).removeDuplicates().asDriver()
        )
    }

    /// Cancels the submit in flight, showing nothing: call it when the view disappears.
    public func cancel() {
        submission.cancelAllWork()
    }
}
