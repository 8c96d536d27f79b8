import MVVMTesting
import RegistrationFeature

extension ViewModelTester where Model == RegistrationViewModel {
    /// A tester of a new ViewModel over `repository`, on the repository's clock.
    convenience init(repository: StubRegistrationRepository) {
        self.init(RegistrationViewModel(repository: repository), clock: repository.clock)
    }

    /// Types "mika@example.jp" and "secret123" twice, asserting each change: the form is ready.
    func typeValidForm() {
        send(.loginIDChanged(Fixture.loginID)) {
            $0.form.loginID = Fixture.loginID
            $0.loginIDStatus = .ok
        }
        send(.passwordChanged(Fixture.password)) {
            $0.form.password = Fixture.password
            $0.passwordStatus = .ok
        }
        send(.passwordConfirmationChanged(Fixture.password)) {
            $0.form.passwordConfirmation = Fixture.password
            $0.passwordConfirmationStatus = .ok
            $0.summary = Fixture.ready
            $0.isSubmitEnabled = true
        }
    }
}
