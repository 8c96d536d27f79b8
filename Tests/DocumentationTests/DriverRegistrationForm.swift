// The Driver registration form article's code (MVVMCombine.docc), compiled and run (SnippetCheckTests).
// snippet: form
import MVVMCombine

struct CreateAccountForm: Equatable, Sendable {
    var email = ""
    var password = ""
    var confirmation = ""
}

enum CreateAccountField: Hashable, Sendable {
    case email, password, confirmation
}

let createAccountValidator = FormValidator<CreateAccountForm, CreateAccountField> {
    FieldRule.field(.email, \.email, .required("Enter your email."), .email("Enter a valid email address."))
    FieldRule.field(.password, \.password, .required("Enter a password."), .minLength(8, "Use 8 characters or more."))
    FieldRule.field(.confirmation, \.confirmation, .required("Type the password again."))
    FieldRule.equal(.confirmation, \.confirmation, \.password, "The passwords do not match.")
}
// snippet end

// snippet: viewmodel
struct CreatedAccount: Equatable, Sendable {
    var email: String
}

@MainActor
final class CreateAccountViewModel: @MainActor TransformingViewModel {
    struct Input {
        let emailChanged: Driver<String>
        let passwordChanged: Driver<String>
        let confirmationChanged: Driver<String>
        let submitTapped: AnyPublisher<Void, Never>
    }

    struct Output {
        let emailError: Driver<String?>
        let passwordError: Driver<String?>
        let confirmationError: Driver<String?>
        let isSubmitEnabled: Driver<Bool>
        let isSubmitting: Driver<Bool>
        let resultMessage: Driver<String?>
    }

    private(set) var cancellables = Set<AnyCancellable>()
    private let register: (CreateAccountForm) -> AnyPublisher<CreatedAccount, any Error>
    private let scheduler: AnySchedulerOf<DispatchQueue>
    private let presenter = ErrorPresenter(fallbackMessage: "Could not create the account. Try again.")

    init(register: @escaping (CreateAccountForm) -> AnyPublisher<CreatedAccount, any Error>,
         scheduler: AnySchedulerOf<DispatchQueue> = .main) {
        self.register = register
        self.scheduler = scheduler
    }
}
// snippet end

// snippet: validation
extension CreateAccountViewModel {
    func transform(input: Input) -> Output {
        let form = Driver.combineLatest(input.emailChanged, input.passwordChanged, input.confirmationChanged) {
            CreateAccountForm(email: $0, password: $1, confirmation: $2)
        }
        let validation = form.map(createAccountValidator.validate).asDriver()
        let isSubmitting = CurrentValueSubject<Bool, Never>(false)
        let resultMessage = CurrentValueSubject<String?, Never>(nil)
        submit(form, on: input.submitTapped, isSubmitting: isSubmitting, resultMessage: resultMessage)

        func error(of field: CreateAccountField) -> Driver<String?> {
            validation.map { $0.messages[field]?.resolved(in: .current) }.removeDuplicates().asDriver()
        }
        return Output(
            emailError: error(of: .email),
            passwordError: error(of: .password),
            confirmationError: error(of: .confirmation),
            isSubmitEnabled: validation.map(\.canSubmit).combineLatest(isSubmitting) { $0 && !$1 }
                .removeDuplicates().asDriver(),
            isSubmitting: isSubmitting.asDriver(),
            resultMessage: resultMessage.asDriver()
        )
    }
}
// snippet end

// snippet: submit
extension CreateAccountViewModel {
    private func submit(_ form: Driver<CreateAccountForm>, on submitTapped: AnyPublisher<Void, Never>,
                        isSubmitting: CurrentValueSubject<Bool, Never>,
                        resultMessage: CurrentValueSubject<String?, Never>) {
        form.map { form in submitTapped.map { form } }      // the form as it is at each tap
            .switchToLatest()
            .filter { createAccountValidator.validate($0).canSubmit && !isSubmitting.value }
            .flatMap { [register, scheduler, presenter] form in
                register(form)
                    .receive(on: scheduler)                 // the answer may come on any queue
                    .map { account -> String? in "Welcome, \(account.email)!" }
                    .catch { Just(presenter.presentation(for: $0)?.message.resolved(in: .current)) }   // the server's reason
                    .handleEvents(receiveSubscription: { _ in isSubmitting.send(true) },
                                  receiveCompletion: { _ in isSubmitting.send(false) })
            }
            .sink { resultMessage.send($0) }
            .store(in: &cancellables)
    }
}
// snippet end

import Foundation
#if canImport(UIKit)
import UIKit
#endif

// snippet: uikit
import MVVMCombine

final class CreateAccountViewController: UIViewController {
    private let viewModel: CreateAccountViewModel
    private var cancellables = Set<AnyCancellable>()
    private let submitTapped = PassthroughSubject<Void, Never>()
    let emailField = UITextField(), passwordField = UITextField(), confirmationField = UITextField()
    let emailErrorLabel = UILabel(), passwordErrorLabel = UILabel(), confirmationErrorLabel = UILabel()
    let submitButton = UIButton(type: .system), spinner = UIActivityIndicatorView(), resultLabel = UILabel()

    init(viewModel: CreateAccountViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()                               // adding and laying out the views is left out
        submitButton.addAction(UIAction { [weak self] _ in self?.submitTapped.send() }, for: .touchUpInside)
        let output = viewModel.transform(input: .init(
            emailChanged: textDriver(of: emailField), passwordChanged: textDriver(of: passwordField),
            confirmationChanged: textDriver(of: confirmationField), submitTapped: submitTapped.eraseToAnyPublisher()))
        output.emailError.drive { [weak self] in self?.emailErrorLabel.text = $0 }.store(in: &cancellables)
        output.passwordError.drive { [weak self] in self?.passwordErrorLabel.text = $0 }.store(in: &cancellables)
        output.confirmationError.drive { [weak self] in self?.confirmationErrorLabel.text = $0 }.store(in: &cancellables)
        output.isSubmitEnabled.drive { [weak self] in self?.submitButton.isEnabled = $0 }.store(in: &cancellables)
        output.isSubmitting.drive { [weak self] in self?.spinner.isHidden = !$0 }.store(in: &cancellables)
        output.resultMessage.drive { [weak self] in self?.resultLabel.text = $0 }.store(in: &cancellables)
    }

    /// The field's text now, then after each edit.
    private func textDriver(of field: UITextField) -> Driver<String> {
        let text = CurrentValueSubject<String, Never>(field.text ?? "")
        field.addAction(UIAction { [weak field] _ in text.send(field?.text ?? "") }, for: .editingChanged)
        return text.asDriver()
    }
}
// snippet end

import MVVMCombineTesting
import Synchronization
import Testing

/// What typing does to a text field: its text changes, then it sends `.editingChanged`.
@MainActor
private func type(_ text: String, into field: UITextField) {
    field.text = text
    field.sendActions(for: .editingChanged)
}

@Test @MainActor func theViewControllerShowsWhatItsFieldsAndButtonMake() {
    let scheduler = DispatchQueue.test
    let server = CreateAccountServer(scheduler: scheduler.eraseToAnyScheduler())
    let controller = CreateAccountViewController(viewModel: CreateAccountViewModel(
        register: server.register, scheduler: scheduler.eraseToAnyScheduler()))
    controller.viewDidLoad()
    #expect(controller.emailErrorLabel.text == "Enter your email.")
    #expect(!controller.submitButton.isEnabled)
    #expect(controller.spinner.isHidden)

    type("taro", into: controller.emailField)
    #expect(controller.emailErrorLabel.text == "Enter a valid email address.")
    type("taro@example.com", into: controller.emailField)
    type("swordfish1", into: controller.passwordField)
    type("swordfish1", into: controller.confirmationField)
    #expect(controller.emailErrorLabel.text == nil)
    #expect(controller.confirmationErrorLabel.text == nil)
    #expect(controller.submitButton.isEnabled)

    controller.submitButton.sendActions(for: .touchUpInside)   // what a tap does
    #expect(!controller.spinner.isHidden)
    #expect(!controller.submitButton.isEnabled)
    scheduler.advance(by: .milliseconds(100))
    #expect(controller.spinner.isHidden)
    #expect(controller.resultLabel.text == "Welcome, taro@example.com!")
    #expect(server.requests == ["taro@example.com"])
}

/// The server behind the form: an email registers once; each answer comes 100 ms later on the
/// test scheduler.
final class CreateAccountServer {
    struct EmailTaken: PresentableError {
        var message: LocalizedText { "This email is already registered." }
    }

    private(set) var requests: [String] = []
    private var registered: Set<String> = []
    let scheduler: AnySchedulerOf<DispatchQueue>

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
        self.scheduler = scheduler
    }

    func register(_ form: CreateAccountForm) -> AnyPublisher<CreatedAccount, any Error> {
        requests.append(form.email)
        let answer: Result<CreatedAccount, any Error> = registered.insert(form.email).inserted
            ? .success(CreatedAccount(email: form.email))
            : .failure(EmailTaken())
        return answer.publisher.delay(for: .milliseconds(100), scheduler: scheduler).eraseToAnyPublisher()
    }
}

// snippet: test
@MainActor
struct CreateAccountViewModelTests {
    let scheduler = DispatchQueue.test
    let email = CurrentValueSubject<String, Never>("")
    let password = CurrentValueSubject<String, Never>("")
    let confirmation = CurrentValueSubject<String, Never>("")
    let submitTapped = PassthroughSubject<Void, Never>()
    let server: CreateAccountServer
    let output: CreateAccountViewModel.Output
    let viewModel: CreateAccountViewModel

    init() {
        server = CreateAccountServer(scheduler: scheduler.eraseToAnyScheduler())
        viewModel = CreateAccountViewModel(register: server.register, scheduler: scheduler.eraseToAnyScheduler())
        output = viewModel.transform(input: .init(
            emailChanged: email.asDriver(), passwordChanged: password.asDriver(),
            confirmationChanged: confirmation.asDriver(), submitTapped: submitTapped.eraseToAnyPublisher()))
    }

    @Test func aDoubleTapCreatesOneAccountAndShowsTheResult() {
        let isSubmitEnabled = output.isSubmitEnabled.record()
        let resultMessage = output.resultMessage.record()
        email.send("taro@example.com")
        password.send("swordfish1")
        confirmation.send("swordfish1")

        submitTapped.send()
        submitTapped.send()                                 // before the first answer
        scheduler.advance(by: .milliseconds(100))

        #expect(server.requests == ["taro@example.com"])
        isSubmitEnabled.expectHistory([false, true, false, true])
        resultMessage.expectHistory([nil, "Welcome, taro@example.com!"])
    }
}
// snippet end

extension CreateAccountViewModelTests {
    @Test func eachFieldShowsItsFirstFailingRuleAsTheUserTypes() {
        let emailError = output.emailError.record()
        let passwordError = output.passwordError.record()
        let confirmationError = output.confirmationError.record()

        email.send("taro")
        email.send("taro@example.com")
        password.send("short")
        password.send("swordfish1")
        confirmation.send("swordfish")
        confirmation.send("swordfish1")

        emailError.expectHistory(["Enter your email.", "Enter a valid email address.", nil])
        passwordError.expectHistory(["Enter a password.", "Use 8 characters or more.", nil])
        confirmationError.expectHistory(["Type the password again.", "The passwords do not match.", nil])
    }

    @Test func aTapOnAnInvalidFormSendsNothing() {
        let isSubmitEnabled = output.isSubmitEnabled.record()
        email.send("taro@example.com")
        password.send("swordfish1")

        submitTapped.send()                                 // a view that did not disable the button
        scheduler.advance(by: .milliseconds(100))

        #expect(server.requests == [])
        isSubmitEnabled.expectHistory([false])
    }

    @Test func aTakenEmailShowsTheServersMessageAndTheButtonComesBack() {
        let isSubmitEnabled = output.isSubmitEnabled.record()
        let isSubmitting = output.isSubmitting.record()
        let resultMessage = output.resultMessage.record()
        email.send("taro@example.com")
        password.send("swordfish1")
        confirmation.send("swordfish1")
        submitTapped.send()
        scheduler.advance(by: .milliseconds(100))

        submitTapped.send()                                 // the same email again
        scheduler.advance(by: .milliseconds(100))

        #expect(server.requests == ["taro@example.com", "taro@example.com"])
        isSubmitting.expectHistory([false, true, false, true, false])
        isSubmitEnabled.expectHistory([false, true, false, true, false, true])
        resultMessage.expectHistory([nil, "Welcome, taro@example.com!", "This email is already registered."])
    }

    @Test func theFormSentIsTheOneOnScreenAtTheTap() {
        email.send("taro@example.com")
        password.send("swordfish1")
        confirmation.send("swordfish1")
        email.send("hanako@example.com")

        submitTapped.send()
        scheduler.advance(by: .milliseconds(100))

        #expect(server.requests == ["hanako@example.com"])
    }
}

// snippet: plain-submit
@Test @MainActor func withoutTheGateADoubleTapRegistersTwice() {
    let scheduler = DispatchQueue.test
    let server = CreateAccountServer(scheduler: scheduler.eraseToAnyScheduler())
    let form = CreateAccountForm(email: "taro@example.com", password: "swordfish1", confirmation: "swordfish1")
    let submitTapped = PassthroughSubject<Void, Never>()
    let resultMessage = submitTapped
        .flatMap { server.register(form).map { _ in "Welcome!" }.catch { _ in Just("Could not create the account.") } }
        .record()

    submitTapped.send()
    submitTapped.send()                                     // before the first answer
    scheduler.advance(by: .milliseconds(100))

    #expect(server.requests == ["taro@example.com", "taro@example.com"])
    resultMessage.expectHistory(["Welcome!", "Could not create the account."])   // the second request failed
}
// snippet end

/// How many times a `FormValidator` rule ran.
final class CreateAccountValidationRuns: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }

    /// A validator whose one rule counts its runs and never fails.
    func validator() -> FormValidator<CreateAccountForm, CreateAccountField> {
        FormValidator { FieldRule(.email) { _ in self.count.withLock { $0 += 1 }; return nil } }
    }
}

/// Step 3's validation with a counting rule: three outputs read one validation `Driver`, and
/// each keystroke validates the form once. Without `asDriver()` after `map`, each output
/// validates it again.
@Test @MainActor func theFormIsValidatedOncePerKeystrokeHoweverManyOutputsSubscribe() {
    let email = CurrentValueSubject<String, Never>("")
    let form = Driver.combineLatest(email.asDriver(), Driver.just("s"), Driver.just("s")) {
        CreateAccountForm(email: $0, password: $1, confirmation: $2)
    }
    let fields: [CreateAccountField] = [.email, .password, .confirmation]
    let shared = CreateAccountValidationRuns(), unshared = CreateAccountValidationRuns()

    let validation = form.map(shared.validator().validate).asDriver()
    let notADriver = form.map(unshared.validator().validate)
    let outputs = fields.map { field in validation.map { $0.messages[field] }.record() }
        + fields.map { field in notADriver.map { $0.messages[field] }.record() }
    email.send("t")
    email.send("ta")

    #expect(outputs.map(\.values.count) == [3, 3, 3, 3, 3, 3])   // "", "t", "ta" on each
    #expect(shared.value == 3)                              // the first form, then one per keystroke
    #expect(unshared.value == 9)                            // the same, once per output
}
