import MVVMCombine

/// The registration article's RxSwift `Driver` form, in our API: three text drivers in, a
/// validation summary and the submit button's state out. The rules live in an MVVMCore
/// `FormValidator`, so the same messages serve every binding style, and the article's colours
/// become a semantic `isOK`.
struct RegistrationForm: Sendable {
    var id = ""
    var password = ""
    var passwordConfirmation = ""
}

enum RegistrationField: Hashable, Sendable {
    case id, password, passwordConfirmation
}

struct ValidationSummary: Equatable, Sendable {
    var text: String
    var isOK: Bool
}

@MainActor
final class RegistrationDriverViewModel {
    typealias Input = (id: Driver<String>, password: Driver<String>, passwordConfirmation: Driver<String>)

    static let validator = FormValidator<RegistrationForm, RegistrationField> {
        FieldRule.field(.id, \.id, .required("空欄があります"))
        FieldRule.field(.password, \.password, .required("空欄があります"))
        FieldRule.field(.passwordConfirmation, \.passwordConfirmation, .required("空欄があります"))
        FieldRule.equal(.passwordConfirmation, \.passwordConfirmation, \.password, "パスワードが確認用と一致していません")
    }

    let validationSummary: Driver<ValidationSummary>
    let isSubmitEnabled: Driver<Bool>

    init(input: Input) {
        let result = Driver.combineLatest(input.id, input.password, input.passwordConfirmation) { id, password, confirmation in
            Self.validator.validate(RegistrationForm(id: id, password: password, passwordConfirmation: confirmation))
        }
        validationSummary = Driver(result.map { result in
            ValidationSummary(text: (result.firstMessage ?? "登録可能です").resolved(in: .current), isOK: result.canSubmit)
        })
        isSubmitEnabled = Driver(result.map(\.canSubmit).removeDuplicates())
    }
}
