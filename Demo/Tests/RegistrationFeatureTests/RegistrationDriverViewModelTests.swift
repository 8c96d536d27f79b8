import MVVMCombineTesting
import MVVMTestSupport
import RegistrationFeature
import Testing

/// The Driver variant (the article's style): the same validation and submit, as recorded driver
/// histories.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct RegistrationDriverViewModelTests {
    let clock = TestClock()
    let loginID = CurrentValueSubject<String, Never>("")
    let password = CurrentValueSubject<String, Never>("")
    let confirmation = CurrentValueSubject<String, Never>("")
    let submit = PassthroughSubject<Void, Never>()
    let alertButton = PassthroughSubject<RegistrationViewModel.Event, Never>()

    /// Holds the ViewModels bound in a test, as their view controller would.
    final class Screen { var viewModels: [RegistrationDriverViewModel] = [] }
    let screen = Screen()

    func bind(_ viewModel: RegistrationDriverViewModel) -> RegistrationDriverViewModel.Output {
        screen.viewModels.append(viewModel)
        return viewModel.transform(input: .init(
            loginID: loginID.asDriver(),
            password: password.asDriver(),
            passwordConfirmation: confirmation.asDriver(),
            submitTapped: submit.eraseToAnyPublisher(),
            alertButtonTapped: alertButton.eraseToAnyPublisher()
        ))
    }

    func typeValidForm() {
        loginID.send(Fixture.loginID)
        password.send(Fixture.password)
        confirmation.send(Fixture.password)
    }

    /// Lets the stub's latency pass and the submit's answer land.
    func answer(_ viewModel: RegistrationDriverViewModel, after latency: Duration = .milliseconds(100)) async {
        await clock.advance(by: .zero)
        await clock.advance(by: latency)
        #expect(await waitUntilIdle(viewModel.viewModel))
    }

    @Test func validationFollowsEachKeystroke() {
        let output = bind(clock.perform { RegistrationDriverViewModel(repository: StubRegistrationRepository(clock: clock, answers: [])) })
        let summary = output.summary.record()
        let loginIDStatus = output.loginIDStatus.record()
        let passwordStatus = output.passwordStatus.record()
        let confirmationStatus = output.passwordConfirmationStatus.record()
        let isSubmitEnabled = output.isSubmitEnabled.record()

        loginID.send("m")
        loginID.send("mika@")
        loginID.send("mika@example.jp")
        password.send("s")
        password.send("secret12")
        confirmation.send("s")
        confirmation.send("secret12")
        password.send("12345678")
        loginID.send("")

        summary.expectHistory([
            Fixture.blank,
            Fixture.mismatch,
            Fixture.ready,
            FormSummary(text: Fixture.weakPassword, isOK: false),
            Fixture.blank,
        ])
        loginIDStatus.expectHistory([.unchecked, .ok, .error(Fixture.invalidEmail), .ok, .unchecked])
        passwordStatus.expectHistory([.unchecked, .error(Fixture.weakPassword), .ok, .error(Fixture.weakPassword)])
        confirmationStatus.expectHistory([
            .unchecked, .error(Fixture.mismatch.text), .ok, .error(Fixture.mismatch.text),
        ])
        isSubmitEnabled.expectHistory([false, true, false])
    }

    @Test func theArticlesOrderBlankThenMismatchThenReady() {
        let output = bind(clock.perform { RegistrationDriverViewModel(repository: StubRegistrationRepository(clock: clock, answers: [])) })
        let summary = output.summary.record()
        let isSubmitEnabled = output.isSubmitEnabled.record()

        loginID.send("taro")
        password.send("secret12")
        confirmation.send("secret1")
        confirmation.send("secret12")
        loginID.send("   ")

        summary.expectHistory([Fixture.blank, Fixture.mismatch, Fixture.ready, Fixture.blank])
        isSubmitEnabled.expectHistory([false, true, false])
    }

    @Test func submitShowsSubmittingThenTheRegistrationAndADoubleTapSendsOnce() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
        let viewModel = clock.perform { RegistrationDriverViewModel(repository: repository) }
        let output = bind(viewModel)
        let isSubmitting = output.isSubmitting.record()
        let isSubmitEnabled = output.isSubmitEnabled.record()
        let registration = output.registration.record()
        typeValidForm()

        submit.send()
        submit.send()
        await answer(viewModel)
        submit.send()   // registered: nothing more to send

        isSubmitting.expectHistory([false, true, false])
        isSubmitEnabled.expectHistory([false, true, false])
        registration.expectHistory([nil, Fixture.registration])
        #expect(repository.requests == [Fixture.request])
    }

    @Test func aTakenIDIsTheLoginIDFieldsErrorAndNoAlert() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.failure(.loginIDTaken)])
        let viewModel = clock.perform { RegistrationDriverViewModel(repository: repository) }
        let output = bind(viewModel)
        let loginIDStatus = output.loginIDStatus.record()
        let summary = output.summary.record()
        let isSubmitEnabled = output.isSubmitEnabled.record()
        let alert = output.alert.map { $0?.title }.record()
        typeValidForm()

        submit.send()
        await answer(viewModel)
        loginID.send("mika2@example.jp")

        loginIDStatus.expectHistory([.unchecked, .ok, .error(Fixture.taken), .ok])
        summary.expectHistory([Fixture.blank, Fixture.ready, FormSummary(text: Fixture.taken, isOK: false), Fixture.ready])
        isSubmitEnabled.expectHistory([false, true, false, true])
        alert.expectHistory([nil])
    }

    @Test func aServerErrorShowsOneAlertWithRetry() async {
        let repository = StubRegistrationRepository(
            clock: clock, answers: [.failure(.server), .success(Fixture.registration)]
        )
        let viewModel = clock.perform { RegistrationDriverViewModel(repository: repository) }
        let output = bind(viewModel)
        let alert = output.alert.map { $0.map { ShownAlert(title: $0.title, message: $0.message, buttons: $0.buttons.map(\.label)) } }.record()
        let registration = output.registration.record()
        typeValidForm()

        submit.send()
        await answer(viewModel)
        alertButton.send(.retryTapped)   // the alert's Retry
        await answer(viewModel)
        alertButton.send(.navigation(.dismiss))   // the 登録！ alert's ok

        alert.expectHistory([
            nil,
            ShownAlert(title: Fixture.serverAlert.title, message: Fixture.serverAlert.message, buttons: [LocalizedText([.japanese: "OK", .english: "OK"]), LocalizedText([.japanese: "再試行", .english: "Retry"])]),
            nil,
            // Registered: article 001's alert, closed by its ok.
            ShownAlert(title: Fixture.registeredAlert.title, message: Fixture.registeredAlert.message, buttons: Fixture.registeredAlert.buttons.map(\.label)),
            nil,
        ])
        registration.expectHistory([nil, Fixture.registration])
        #expect(repository.requests == [Fixture.request, Fixture.request])
    }

    @Test func aDismissedAlertStaysDismissed() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.failure(.noInternet)])
        let viewModel = clock.perform { RegistrationDriverViewModel(repository: repository) }
        let output = bind(viewModel)
        typeValidForm()
        submit.send()
        await answer(viewModel)

        alertButton.send(.navigation(.dismiss))   // the alert's OK
        alertButton.send(.retryTapped)   // a late Retry on the dismissed alert does nothing
        let late = output.alert.map { $0?.title }.record()   // a view binding again sees no alert

        late.expectHistory([nil])
        #expect(repository.requests.count == 1)
    }

    @Test func editingDuringASubmitCancelsItAndItsAnswerNeverLands() async {
        let repository = StubRegistrationRepository(
            clock: clock, answers: [.success(Fixture.registration)], ignoresCancellation: true
        )
        let viewModel = clock.perform { RegistrationDriverViewModel(repository: repository) }
        let output = bind(viewModel)
        let isSubmitting = output.isSubmitting.record()
        let registration = output.registration.record()
        let isSubmitEnabled = output.isSubmitEnabled.record()
        typeValidForm()

        submit.send()
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(50))
        confirmation.send("secret12")
        await answer(viewModel, after: .milliseconds(50))
        await clock.advance(by: .zero)
        #expect(repository.answeredCount == 1)
        await clock.advance(by: .zero)

        isSubmitting.expectHistory([false, true, false])
        isSubmitEnabled.expectHistory([false, true, false])
        registration.expectHistory([nil])
    }

    @Test func cancelEndsTheSubmitShowingNothing() async {
        let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
        let viewModel = clock.perform { RegistrationDriverViewModel(repository: repository) }
        let output = bind(viewModel)
        let isSubmitting = output.isSubmitting.record()
        let alert = output.alert.map { $0?.title }.record()
        typeValidForm()

        submit.send()
        viewModel.cancel()
        await answer(viewModel)

        isSubmitting.expectHistory([false, true, false])
        alert.expectHistory([nil])
        #expect(repository.requests.isEmpty)   // cancelled before its turn: never sent
    }
}

/// An alert as the view shows it.
private struct ShownAlert: Equatable {
    let title: LocalizedText
    let message: LocalizedText
    let buttons: [LocalizedText]
}
