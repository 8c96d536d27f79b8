public import MVVMCombine

extension RegistrationDriverViewModel {
    /// What the view shows, as drivers: main queue, never failing, latest value replayed.
    public struct Output {
        /// The login id field's status.
        public let loginIDStatus: Driver<FieldStatus>
        /// The password field's status.
        public let passwordStatus: Driver<FieldStatus>
        /// The confirmation field's status.
        public let passwordConfirmationStatus: Driver<FieldStatus>
        /// The line under the form (the article's `validationResult` text and colour).
        public let summary: Driver<FormSummary>
        /// Whether the submit button is enabled.
        public let isSubmitEnabled: Driver<Bool>
        /// Whether a submit is in flight: show a spinner.
        public let isSubmitting: Driver<Bool>
        /// The registration, once done.
        public let registration: Driver<Registration?>
        /// The alert to show now, if any; send the pressed button's event through
        /// ``Input/alertButtonTapped``.
        public let alert: Driver<Alert<RegistrationViewModel.Event>?>
    }
}
