public import MVVMCombine

extension RegistrationDriverViewModel {
    /// The view's events: the article's three text drivers, plus the taps.
    public struct Input {
        /// The login id field's text.
        public let loginID: Driver<String>
        /// The password field's text.
        public let password: Driver<String>
        /// The confirmation field's text.
        public let passwordConfirmation: Driver<String>
        /// Submit button taps.
        public let submitTapped: AnyPublisher<Void, Never>
        /// The event of the alert button the user pressed (``Output/alert``'s buttons).
        public let alertButtonTapped: AnyPublisher<RegistrationViewModel.Event, Never>

        /// Creates an input; without taps, the ViewModel only validates (the article's form).
        public init(
            loginID: Driver<String>,
            password: Driver<String>,
            passwordConfirmation: Driver<String>,
            submitTapped: AnyPublisher<Void, Never> = Empty().eraseToAnyPublisher(),
            alertButtonTapped: AnyPublisher<RegistrationViewModel.Event, Never> = Empty().eraseToAnyPublisher()
        ) {
            self.loginID = loginID
            self.password = password
            self.passwordConfirmation = passwordConfirmation
            self.submitTapped = submitTapped
            self.alertButtonTapped = alertButtonTapped
        }
    }
}
