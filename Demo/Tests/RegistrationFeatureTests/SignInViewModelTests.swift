import MVVMCore
import MVVMTesting
import RegistrationFeature
import Testing

/// The sign-in form (issue 53): article 001's line under the form in green or red, a wrong
/// password said there without an alert, other failures one alert each with Retry when it may
/// help, an edit cancelling the submit in flight, and the password never printed.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct SignInViewModelTests {
    let clock = TestClock()

    func tester(_ answers: [SignInError?], loginID: String = "") -> (ViewModelTester<SignInViewModel>, StubSessionRepository) {
        let sessions = StubSessionRepository(clock: clock, answers: answers)
        return (ViewModelTester(SignInViewModel(loginID: loginID, sessions: sessions), clock: clock), sessions)
    }

    static let ready = FormSummary(text: SignInText.ready, isOK: true)

    /// Types "mika" and "secret123": the line turns green.
    func typeBoth(_ tester: ViewModelTester<SignInViewModel>) {
        tester.send(.loginIDChanged("mika")) {
            $0.form.loginID = "mika"
            $0.loginIDStatus = .ok
        }
        tester.send(.passwordChanged("secret123")) {
            $0.form.password = "secret123"
            $0.passwordStatus = .ok
            $0.summary = Self.ready
            $0.isSubmitEnabled = true
        }
    }

    @Test func anEmptyFormSaysAFieldIsBlankInRedAndCannotBeSent() async {
        let (tester, sessions) = tester([])
        #expect(tester.state.summary == FormSummary(text: SignInText.blank, isOK: false))
        #expect(tester.state.loginIDStatus == .unchecked)
        #expect(!tester.state.isSubmitEnabled)
        tester.send(.submitTapped)
        await tester.finish()
        #expect(sessions.loginIDs.isEmpty)
    }

    @Test func signingInSendsTheTrimmedLoginIDAndClearsThePassword() async {
        let (tester, sessions) = tester([nil])
        tester.send(.loginIDChanged("  mika ")) {
            $0.form.loginID = "  mika "
            $0.loginIDStatus = .ok
        }
        tester.send(.passwordChanged("secret123")) {
            $0.form.password = "secret123"
            $0.passwordStatus = .ok
            $0.summary = Self.ready
            $0.isSubmitEnabled = true
        }
        tester.send(.submitTapped) {
            $0.isSubmitting = true
            $0.isSubmitEnabled = false
        }
        tester.send(.submitTapped)   // a second press meanwhile does nothing
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.isSubmitting = false
            $0.form.password = ""
            $0.passwordStatus = .unchecked
            $0.summary = FormSummary(text: SignInText.blank, isOK: false)
        }
        await tester.finish()
        #expect(sessions.loginIDs == ["mika"])
    }

    @Test func aWrongPasswordIsSaidInRedUntilTheNextEditWithoutAnAlert() async {
        let (tester, _) = tester([.wrongCredentials])
        typeBoth(tester)
        tester.send(.submitTapped) {
            $0.isSubmitting = true
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.isSubmitting = false
            $0.isSubmitEnabled = true
            $0.wasRefused = true
            $0.summary = FormSummary(text: SignInText.wrongCredentials, isOK: false)
        }
        #expect(tester.state.navigation.modal == nil)
        tester.send(.passwordChanged("secret1234")) {
            $0.form.password = "secret1234"
            $0.wasRefused = false
            $0.summary = Self.ready
        }
        await tester.finish()
    }

    @Test func noConnectionIsOneAlertWithRetryAndRetrySignsIn() async {
        let (tester, sessions) = tester([.noInternet, nil])
        typeBoth(tester)
        tester.send(.submitTapped) {
            $0.isSubmitting = true
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        let alert = Alert<SignInViewModel.Event>(ErrorPresenter.default.presentation(for: SignInError.noInternet)!, dismiss: .navigation(.dismiss), retry: .retryTapped)
        await tester.receive {
            $0.isSubmitting = false
            $0.isSubmitEnabled = true
            $0.navigation.present(alert)
        }
        #expect(alert.offers(.retryTapped))
        tester.send(.retryTapped) {
            $0.navigation.handle(.dismiss)
            $0.isSubmitting = true
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.isSubmitting = false
            $0.form.password = ""
            $0.passwordStatus = .unchecked
            $0.summary = FormSummary(text: SignInText.blank, isOK: false)
        }
        await tester.finish()
        #expect(sessions.loginIDs == ["mika", "mika"])
    }

    @Test func editingDuringASubmitCancelsItAndItsAnswerNeverLands() async {
        let (tester, _) = tester([nil])
        typeBoth(tester)
        tester.send(.submitTapped) {
            $0.isSubmitting = true
            $0.isSubmitEnabled = false
        }
        tester.send(.loginIDChanged("mika2")) {
            $0.isSubmitting = false
            $0.form.loginID = "mika2"
            $0.isSubmitEnabled = true
        }
        await clock.advance(by: .milliseconds(100))
        await tester.finish()
        #expect(tester.state.form.password == "secret123", "a cancelled sign-in clears nothing")
    }

    @Test func theAccountAskedAgainIsTypedAlready() {
        let notice = SignInText.expired(account: "mika")
        let model = SignInViewModel(loginID: "mika", notice: notice, sessions: StubSessionRepository(clock: clock, answers: []))
        #expect(model.state.form.loginID == "mika")
        #expect(model.state.loginIDStatus == .ok)
        #expect(model.state.notice == notice)
    }

    @Test func thePasswordIsNeverPrinted() {
        let event = SignInViewModel.Event.passwordChanged("secret123")
        var dumped = ""
        dump(event, to: &dumped)
        var state = SignInViewModel.State()
        state.form.password = "secret123"
        var dumpedState = ""
        dump(state, to: &dumpedState)
        for text in ["\(event)", String(reflecting: event), dumped, "\(state)", dumpedState] {
            #expect(!text.contains("secret123"), "\(text)")
        }
    }
}
