// The README's MVVMCombine example, compiled and run: if this file changes, update the README.
import MVVMCombine
import MVVMTesting
import Testing

final class ReadmeRegistrationViewModel: TransformingViewModel {
    struct Input { let email: AnyPublisher<String, Never>; let password: AnyPublisher<String, Never> }
    struct Output { let isSubmitEnabled: Driver<Bool> }

    func transform(input: Input) -> Output {
        Output(isSubmitEnabled: Publishers.CombineLatest(input.email, input.password)
            .map { email, password in email.contains("@") && password.count >= 8 }
            .asDriver())
    }
}

@Test @MainActor func submitIsEnabledOnceBothFieldsAreValid() {
    let email = CurrentValueSubject<String, Never>("")
    let password = CurrentValueSubject<String, Never>("")
    let output = ReadmeRegistrationViewModel().transform(input: .init(
        email: email.eraseToAnyPublisher(), password: password.eraseToAnyPublisher()
    ))
    let isSubmitEnabled = output.isSubmitEnabled.record()

    email.send("ann@example.com")
    password.send("correct horse")

    isSubmitEnabled.expectHistory([false, false, true])
}
