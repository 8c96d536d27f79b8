public import MVVMCombine

/// The registration screen in the article's style: text drivers in, drivers out, wired once in
/// ``transform(input:)``.
///
/// It drives a ``RegistrationViewModel``, so validation and the submit are written once: the
/// same rules, one submit at a time, a taken id as a field error, other failures as alerts, and
/// an edit (or ``cancel()``) cancelling the submit in flight so that its answer never lands.
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
public final class RegistrationDriverViewModel: @MainActor TransformingViewModel {
    /// The logic, shared with the events binding.
    public let viewModel: RegistrationViewModel
    /// The subscriptions that wire the inputs to the logic, for as long as the ViewModel lives.
    public private(set) var cancellables = Set<AnyCancellable>()

    /// Creates the ViewModel.
    ///
    /// - Parameters:
    ///   - repository: where registrations go.
    ///   - validator: the form's rules; ``FormValidator/registration`` by default.
    public init(repository: any RegistrationRepository, validator: RegistrationValidator = .registration) {
        viewModel = RegistrationViewModel(repository: repository, validator: validator)
    }

    /// Wires `input` to the outputs. Call it once, and keep the ViewModel (a view controller's
    /// property) for as long as the outputs are used: the outputs do not keep it alive.
    public func transform(input: Input) -> Output {
        // Drivers deliver on the main queue, where the ViewModel is; each input becomes its event.
        let events: [Driver<RegistrationViewModel.Event>] = [
            input.loginID.map(RegistrationViewModel.Event.loginIDChanged).asDriver(),
            input.password.map(RegistrationViewModel.Event.passwordChanged).asDriver(),
            input.passwordConfirmation.map(RegistrationViewModel.Event.passwordConfirmationChanged).asDriver(),
            input.submitTapped.map { RegistrationViewModel.Event.submitTapped }.asDriver(),
            input.alertButtonTapped.asDriver(),
        ]
        for driver in events {
            driver.drive { [weak viewModel] in viewModel?.send($0) }.store(in: &cancellables)
        }
        let submission = viewModel.publisher(for: \.submission)
        return Output(
            loginIDStatus: viewModel.publisher(for: \.loginIDStatus).asDriver(),
            passwordStatus: viewModel.publisher(for: \.passwordStatus).asDriver(),
            passwordConfirmationStatus: viewModel.publisher(for: \.passwordConfirmationStatus).asDriver(),
            summary: viewModel.publisher(for: \.summary).asDriver(),
            isSubmitEnabled: viewModel.publisher(for: \.isSubmitEnabled).asDriver(),
            isSubmitting: submission.map(\.isLoading).removeDuplicates().asDriver(),
            registration: submission.map(\.value).removeDuplicates().asDriver(),
            alert: viewModel.publisher(for: \.navigation.modal).asDriver()
        )
    }

    /// Cancels the submit in flight, showing nothing: call it when the view disappears.
    public func cancel() {
        viewModel.disappear()
    }
}
