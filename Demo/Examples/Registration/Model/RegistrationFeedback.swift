public import MVVMCore

/// What the form shows for its current values: a status per field, the summary line, and
/// whether the values can be submitted.
///
/// An empty field is ``FieldStatus/unchecked``, so a form the user has not filled in yet is not
/// covered in errors; the summary line still says "空欄があります", as the article's does.
public struct RegistrationFeedback: Hashable, Sendable {
    /// The login id's status.
    public var loginID: FieldStatus
    /// The password's status.
    public var password: FieldStatus
    /// The confirmation's status.
    public var passwordConfirmation: FieldStatus
    /// The line under the form.
    public var summary: FormSummary
    /// Whether every rule passes.
    public var isValid: Bool

    /// Validates `form` with `validator`.
    public init(_ form: RegistrationForm, validator: RegistrationValidator = .registration) {
        let result = validator.validate(form)
        func status(_ field: RegistrationField, _ text: String) -> FieldStatus {
            text.isEmpty ? .unchecked : result.status(for: field)
        }
        loginID = status(.loginID, form.loginID)
        password = status(.password, form.password)
        passwordConfirmation = status(.passwordConfirmation, form.passwordConfirmation)
        summary = result.firstMessage.map { FormSummary(text: $0, isOK: false) } ?? FormSummary(text: RegistrationText.ready, isOK: true)
        isValid = result.canSubmit
    }
}
