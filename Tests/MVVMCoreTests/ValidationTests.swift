import MVVMCore
import Testing

struct ValidationRuleTests {
    @Test(arguments: [
        ("", false), ("   ", false), ("\n\t", false), ("a", true), (" a ", true),
    ])
    func requiredRejectsEmptyAndWhitespace(value: String, passes: Bool) {
        #expect((ValidationRule<String>.required("Required.").check(value) == nil) == passes)
    }

    @Test(arguments: [
        ("ann@example.com", true), ("a.b+c@mail.example.co.jp", true), ("山田@例え.jp", true),
        ("", false), ("ann", false), ("ann@", false), ("@example.com", false), ("ann@example", false),
        ("ann@.com", false), ("ann@example.", false), ("ann@@example.com", false),
        ("ann @example.com", false), ("ann@exa..mple.com", false),
    ])
    func emailChecksTheShape(value: String, passes: Bool) {
        #expect((ValidationRule<String>.email("Invalid.").check(value) == nil) == passes)
    }

    @Test func lengthRulesCountCharactersNotBytes() {
        #expect(ValidationRule<String>.minLength(3, "Short.").check("日本語") == nil)
        #expect(ValidationRule<String>.minLength(4, "Short.").check("日本語") == "Short.")
        #expect(ValidationRule<String>.maxLength(2, "Long.").check("日本語") == "Long.")
    }

    @Test func matchesTheWholeValue() {
        let digits = ValidationRule<String>.matches("[0-9]+", "Digits only.")
        #expect(digits.check("12345") == nil)
        #expect(digits.check("123a") == "Digits only.")
        #expect(digits.check("a123") == "Digits only.")
    }

    @Test func anInvalidPatternFailsEveryValue() {
        let broken = ValidationRule<String>.matches("([", "Broken.")
        #expect(broken.check("anything") == "Broken.")
    }

    @Test func customRulesUseThePredicate() {
        let even = ValidationRule<Int>.custom("Must be even.") { $0.isMultiple(of: 2) }
        #expect(even.check(4) == nil)
        #expect(even.check(3) == "Must be even.")
    }
}

/// The registration form of the articles (seed 001), with its messages.
struct RegistrationValidationTests {
    struct Form {
        var id = ""
        var password = ""
        var confirmation = ""
    }

    enum Field: Hashable, Sendable { case form, id, password, confirmation }

    /// The article's rules: a blank field first, then the confirmation mismatch.
    let articleValidator = FormValidator<Form, Field> {
        FieldRule(.form) { $0.id.isEmpty || $0.password.isEmpty || $0.confirmation.isEmpty ? "空欄があります" : nil }
        FieldRule.equal(.confirmation, \.confirmation, \.password, "パスワードが確認用と一致していません")
    }

    /// Per-field rules, the way a form with a message under each field needs them.
    let fieldValidator = FormValidator<Form, Field> {
        FieldRule.field(.id, \.id, .required("Enter your ID or email."))
        FieldRule.field(.password, \.password, .required("Enter a password."), .minLength(8, "Use at least 8 characters."))
        FieldRule.field(.confirmation, \.confirmation, .required("Confirm your password."))
        FieldRule.equal(.confirmation, \.confirmation, \.password, "The passwords do not match.")
    }

    @Test func aBlankFieldComesFirst() {
        let result = articleValidator.validate(Form(id: "", password: "a", confirmation: "b"))
        #expect(result.firstMessage == "空欄があります")
        #expect(result.canSubmit == false)
    }

    @Test func aMismatchIsReportedWhenNothingIsBlank() {
        let result = articleValidator.validate(Form(id: "ann", password: "secret", confirmation: "secreT"))
        #expect(result.firstMessage == "パスワードが確認用と一致していません")
        #expect(result.status(for: .confirmation) == .error("パスワードが確認用と一致していません"))
        #expect(result.canSubmit == false)
    }

    @Test func aValidFormCanBeSubmitted() {
        let result = articleValidator.validate(Form(id: "ann", password: "secret", confirmation: "secret"))
        #expect(result.canSubmit)
        #expect(result.firstMessage == nil)
        #expect(result.status(for: .form) == .ok)
        #expect(result.status(for: .confirmation) == .ok)
    }

    @Test func eachFieldGetsItsFirstFailingRulesMessage() {
        let result = fieldValidator.validate(Form(id: "", password: "short", confirmation: "other"))
        #expect(result.messages == [
            .id: "Enter your ID or email.",
            .password: "Use at least 8 characters.",
            .confirmation: "The passwords do not match.",
        ])
        #expect(result.failingFields == [.id, .password, .confirmation])
        #expect(result.firstMessage == "Enter your ID or email.")
    }

    @Test func aFieldReportsOnlyOneMessageEvenWhenSeveralRulesFail() {
        let result = fieldValidator.validate(Form(id: "ann", password: "longenough", confirmation: ""))
        #expect(result.messages[.confirmation] == "Confirm your password.")
        #expect(result.status(for: .id) == .ok)
        #expect(result.status(for: .form) == .unchecked)
    }
}
