import MVVMTesting
import RegistrationFeature
import Testing

/// Submitting in the MVVMCore ViewModel: loading, success, a taken id, alerts, retry, double
/// taps, edits during a submit, and disappearing.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct RegistrationViewModelSubmitTests {
    let clock = TestClock()

    @Test func submitShowsLoadingThenTheRegistration() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
        let tester = ViewModelTester(repository: repository)
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(99))
        await clock.advance(by: .milliseconds(1))
        await tester.receive {
            $0.submission = .loaded(Fixture.registration)
            $0.navigation.present(Fixture.registeredAlert)   // article 001: 登録！
        }
        tester.send(.submitTapped)   // registered: the button stays disabled
        await tester.finish()

        #expect(repository.requests == [Fixture.request])
    }

    @Test func theLoginIDIsSentTrimmedAndThePasswordAsTyped() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
        let tester = ViewModelTester(repository: repository)
        tester.send(.loginIDChanged("  Mika@Example.jp ")) {
            $0.form.loginID = "  Mika@Example.jp "
            $0.loginIDStatus = .ok
        }
        tester.send(.passwordChanged(" pass word 1 ")) {
            $0.form.password = " pass word 1 "
            $0.passwordStatus = .ok
        }
        tester.send(.passwordConfirmationChanged(" pass word 1 ")) {
            $0.form.passwordConfirmation = " pass word 1 "
            $0.passwordConfirmationStatus = .ok
            $0.summary = Fixture.ready
            $0.isSubmitEnabled = true
        }

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .loaded(Fixture.registration)
            $0.navigation.present(Fixture.registeredAlert)   // article 001: 登録！
        }
        await tester.finish()

        #expect(repository.requests == [RegistrationRequest(loginID: "Mika@Example.jp", password: " pass word 1 ")])
    }

    @Test func aTakenIDBecomesTheLoginIDFieldsErrorNotAnAlertAndIsRemembered() async {
        let repository = StubRegistrationRepository(
            clock: clock, answers: [.failure(.loginIDTaken), .success(Fixture.registration)]
        )
        let tester = ViewModelTester(repository: repository)
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .idle
            $0.form.takenLoginIDs = ["mika@example.jp"]
            $0.loginIDStatus = .error(Fixture.taken)
            $0.summary = FormSummary(text: Fixture.taken, isOK: false)
        }
        tester.send(.submitTapped)   // disabled while the id is known taken
        tester.send(.loginIDChanged("mika2@example.jp")) {
            $0.form.loginID = "mika2@example.jp"
            $0.loginIDStatus = .ok
            $0.summary = Fixture.ready
            $0.isSubmitEnabled = true
        }
        tester.send(.loginIDChanged(" MIKA@example.jp")) {   // the same id, as the server compares ids
            $0.form.loginID = " MIKA@example.jp"
            $0.loginIDStatus = .error(Fixture.taken)
            $0.summary = FormSummary(text: Fixture.taken, isOK: false)
            $0.isSubmitEnabled = false
        }
        tester.send(.loginIDChanged("mika2@example.jp")) {
            $0.form.loginID = "mika2@example.jp"
            $0.loginIDStatus = .ok
            $0.summary = Fixture.ready
            $0.isSubmitEnabled = true
        }
        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .loaded(Fixture.registration)
            $0.navigation.present(Fixture.registeredAlert)   // article 001: 登録！
        }
        await tester.finish()

        #expect(repository.requests.map(\.loginID) == ["mika@example.jp", "mika2@example.jp"])
    }

    @Test func aServerErrorShowsOneAlertThatStaysDismissed() async throws {
        let repository = StubRegistrationRepository(clock: clock, answers: [.failure(.server)])
        let tester = ViewModelTester(repository: repository)
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .idle
            $0.isSubmitEnabled = true
            $0.navigation.present(Alert(Fixture.serverAlert, dismiss: .navigation(.dismiss), retry: .retryTapped))
        }
        let alert = try #require(tester.state.navigation.modal)
        #expect(alert.title == Fixture.serverAlert.title)
        #expect(alert.message == Fixture.serverAlert.message)
        #expect(alert.buttons.map { $0.label.resolved(in: .japanese) } == (Fixture.serverAlert.isRetryable ? ["OK", "再試行"] : ["OK"]))

        tester.send(alert.buttons[0].event) { $0.navigation.handle(.dismiss) }   // OK
        tester.send(alert.buttons[0].event)   // a second press changes nothing
        tester.send(.retryTapped)             // nor does a late Retry on the dismissed alert
        await tester.finish()

        #expect(tester.state.navigation.modal == nil)
        #expect(repository.requests.count == 1)
    }

    @Test func retryFromTheAlertSubmitsAgain() async {
        let repository = StubRegistrationRepository(
            clock: clock, answers: [.failure(.noInternet), .success(Fixture.registration)]
        )
        let tester = ViewModelTester(repository: repository)
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .idle
            $0.isSubmitEnabled = true
            $0.navigation.present(Alert(Fixture.offlineAlert, dismiss: .navigation(.dismiss), retry: .retryTapped))
        }
        #expect(tester.state.navigation.modal?.buttons.map { $0.label.resolved(in: .japanese) } == ["OK", "再試行"])
        tester.send(.retryTapped) {   // the alert's Retry
            $0.navigation.handle(.dismiss)
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .loaded(Fixture.registration)
            $0.navigation.present(Fixture.registeredAlert)   // article 001: 登録！
        }
        await tester.finish()

        #expect(repository.requests == [Fixture.request, Fixture.request])
    }

    @Test func aDoubleTapSubmitsOnce() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
        let tester = ViewModelTester(repository: repository)
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        tester.send(.submitTapped)
        await clock.advance(by: .milliseconds(50))
        tester.send(.submitTapped)
        await clock.advance(by: .milliseconds(50))
        await tester.receive {
            $0.submission = .loaded(Fixture.registration)
            $0.navigation.present(Fixture.registeredAlert)   // article 001: 登録！
        }
        await tester.finish()

        #expect(repository.requests == [Fixture.request])
    }

    @Test func editingDuringASubmitCancelsItAndItsAnswerNeverLands() async {
        // The server answers even though the request was cancelled: the answer must be dropped.
        let repository = StubRegistrationRepository(
            clock: clock, answers: [.success(Fixture.registration), .failure(.server)], ignoresCancellation: true
        )
        let tester = ViewModelTester(repository: repository)
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(50))
        tester.send(.passwordConfirmationChanged("secret12")) {
            $0.form.passwordConfirmation = "secret12"
            $0.submission = .idle
            $0.passwordConfirmationStatus = .error(Fixture.mismatch.text)
            $0.summary = Fixture.mismatch
        }
        await clock.advance(by: .milliseconds(50))   // the stale success arrives, and is dropped
        #expect(repository.answeredCount == 1)

        tester.send(.passwordConfirmationChanged("secret123")) {
            $0.form.passwordConfirmation = "secret123"
            $0.passwordConfirmationStatus = .ok
            $0.summary = Fixture.ready
            $0.isSubmitEnabled = true
        }
        tester.send(.submitTapped) {   // a new submit is its own: its answer lands
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .idle
            $0.isSubmitEnabled = true
            $0.navigation.present(Alert(Fixture.serverAlert, dismiss: .navigation(.dismiss), retry: .retryTapped))
        }
        await tester.finish()

        #expect(repository.requests == [Fixture.request, Fixture.request])
    }

    @Test func editingToTheSameTextDoesNotCancelTheSubmit() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
        let tester = ViewModelTester(repository: repository)
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        tester.send(.loginIDChanged(Fixture.loginID))
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .loaded(Fixture.registration)
            $0.navigation.present(Fixture.registeredAlert)   // article 001: 登録！
        }
        await tester.finish()
    }

    @Test func disappearingCancelsTheSubmitAndShowsNothing() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
        let tester = ViewModelTester(repository: repository)
        tester.viewModel.appear()
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(50))
        tester.viewModel.disappear()
        await tester.receive {
            $0.submission = .idle
            $0.isSubmitEnabled = true
        }
        await clock.advance(by: .milliseconds(100))
        await tester.finish()

        #expect(repository.cancelledCount == 1)
        #expect(repository.answeredCount == 0)
        #expect(tester.state.navigation.modal == nil)
    }

    @Test func submittingAgainAfterADisappearanceMidSubmitRegisters() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration), .success(Fixture.registration)])
        let tester = ViewModelTester(repository: repository)
        tester.viewModel.appear()
        tester.typeValidForm()
        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        tester.viewModel.disappear()
        await tester.receive {
            $0.submission = .idle
            $0.isSubmitEnabled = true
        }

        tester.viewModel.appear()
        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .loaded(Fixture.registration)
            $0.navigation.present(Fixture.registeredAlert)   // article 001: 登録！
        }
        await tester.finish()
    }

    @Test func aCancellationReportedByTheRepositoryShowsNothing() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.failure(.cancelled)])
        let tester = ViewModelTester(repository: repository)
        tester.typeValidForm()

        tester.send(.submitTapped) {
            $0.submission = .loading()
            $0.isSubmitEnabled = false
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.submission = .idle
            $0.isSubmitEnabled = true
        }
        await tester.finish()
    }
}
