import MVVMTesting
import RegistrationFeature
import Testing

/// Live validation in the MVVMCore ViewModel, keystroke by keystroke.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct RegistrationViewModelValidationTests {
    let repository = StubRegistrationRepository(clock: TestClock(), answers: [])

    @Test func anEmptyFormShowsTheArticlesBlankMessageButNoFieldErrors() {
        let state = RegistrationViewModel(repository: repository).state

        #expect(state.form == RegistrationForm())
        #expect(state.loginIDStatus == .unchecked)
        #expect(state.passwordStatus == .unchecked)
        #expect(state.passwordConfirmationStatus == .unchecked)
        #expect(state.summary == Fixture.blank)
        #expect(state.isSubmitEnabled == false)
        #expect(state.submission == .idle)
        #expect(state.navigation.modal == nil)
    }

    @Test func eachKeystrokeUpdatesTheFieldStatusesSummaryAndSubmitButton() async {
        let tester = ViewModelTester(repository: repository)

        tester.send(.loginIDChanged("m")) {
            $0.form.loginID = "m"
            $0.loginIDStatus = .ok
        }
        tester.send(.loginIDChanged("mika@")) {
            $0.form.loginID = "mika@"
            $0.loginIDStatus = .error(Fixture.invalidEmail)
        }
        tester.send(.loginIDChanged("mika@example")) { $0.form.loginID = "mika@example" }
        tester.send(.loginIDChanged("mika@example.jp")) {
            $0.form.loginID = "mika@example.jp"
            $0.loginIDStatus = .ok
        }
        tester.send(.passwordChanged("s")) {
            $0.form.password = "s"
            $0.passwordStatus = .error(Fixture.weakPassword)
        }
        tester.send(.passwordChanged("secretpw")) { $0.form.password = "secretpw" }   // no digit
        tester.send(.passwordChanged("secret12")) {
            $0.form.password = "secret12"
            $0.passwordStatus = .ok
        }
        tester.send(.passwordConfirmationChanged("s")) {
            $0.form.passwordConfirmation = "s"
            $0.passwordConfirmationStatus = .error(Fixture.mismatch.text)
            $0.summary = Fixture.mismatch   // no blank field left: the mismatch is the first problem
        }
        tester.send(.passwordConfirmationChanged("secret12")) {
            $0.form.passwordConfirmation = "secret12"
            $0.passwordConfirmationStatus = .ok
            $0.summary = Fixture.ready
            $0.isSubmitEnabled = true
        }
        tester.send(.passwordChanged("secret123")) {
            $0.form.password = "secret123"
            $0.passwordConfirmationStatus = .error(Fixture.mismatch.text)
            $0.summary = Fixture.mismatch
            $0.isSubmitEnabled = false
        }
        tester.send(.passwordChanged("12345678")) {   // no letter: the policy comes before the mismatch
            $0.form.password = "12345678"
            $0.passwordStatus = .error(Fixture.weakPassword)
            $0.summary = FormSummary(text: Fixture.weakPassword, isOK: false)
        }
        tester.send(.loginIDChanged("")) {
            $0.form.loginID = ""
            $0.loginIDStatus = .unchecked
            $0.summary = Fixture.blank   // blank fields come first, as in the article
        }
        tester.send(.loginIDChanged("  ")) {
            $0.form.loginID = "  "
            $0.loginIDStatus = .error(Fixture.blank.text)   // only spaces is blank, and shown
        }
        tester.send(.loginIDChanged("  "))   // the same text again changes nothing
        await tester.finish()
    }

    @Test func theArticlesOrderBlankThenMismatchThenReady() async {
        let tester = ViewModelTester(repository: repository)

        tester.send(.loginIDChanged("taro")) {
            $0.form.loginID = "taro"
            $0.loginIDStatus = .ok
        }
        tester.send(.passwordChanged("secret12")) {
            $0.form.password = "secret12"
            $0.passwordStatus = .ok
        }
        tester.send(.passwordConfirmationChanged("secret1")) {
            $0.form.passwordConfirmation = "secret1"
            $0.passwordConfirmationStatus = .error(Fixture.mismatch.text)
            $0.summary = Fixture.mismatch
        }
        tester.send(.passwordConfirmationChanged("secret12")) {
            $0.form.passwordConfirmation = "secret12"
            $0.passwordConfirmationStatus = .ok
            $0.summary = Fixture.ready
            $0.isSubmitEnabled = true
        }
        tester.send(.loginIDChanged("   ")) {
            $0.form.loginID = "   "
            $0.loginIDStatus = .error(Fixture.blank.text)
            $0.summary = Fixture.blank
            $0.isSubmitEnabled = false
        }
        await tester.finish()
    }

    @Test func submitDoesNothingWhileTheFormIsInvalid() async {
        let tester = ViewModelTester(repository: repository)

        tester.send(.submitTapped)
        tester.send(.loginIDChanged(Fixture.loginID)) {
            $0.form.loginID = Fixture.loginID
            $0.loginIDStatus = .ok
        }
        tester.send(.submitTapped)
        await tester.finish()

        #expect(repository.requests == [])
    }
}
