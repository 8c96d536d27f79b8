/// Validates a whole form: rules per field, cross-field rules, and an overall "can submit".
///
/// `Form` is your form's value (a struct of fields); `Field` names its fields, usually an enum.
/// Each field's message is the first failing rule's, in the order the rules were declared; the
/// form is valid when no field has a message. This is the registration article's
/// `combineLatest` of three fields, as a value you can test.
///
/// ```swift
/// enum Field { case email, password, confirmation }
///
/// let validator = FormValidator<RegistrationForm, Field> {
///     FieldRule.field(.email, \.email, .required("Enter your email."), .email("Enter a valid email."))
///     FieldRule.field(.password, \.password, .required("Enter a password."), .minLength(8, "Use 8+ characters."))
///     FieldRule.field(.confirmation, \.confirmation, .required("Confirm your password."))
///     FieldRule.equal(.confirmation, \.confirmation, \.password, "The passwords do not match.")
/// }
/// let result = validator.validate(form)
/// result.messages[.confirmation]     // "The passwords do not match."
/// result.canSubmit                   // false
/// ```
public struct FormValidator<Form, Field: Hashable & Sendable>: Sendable {
    private let rules: [FieldRule<Form, Field>]

    /// Creates a validator from rules listed one per line, checked in order.
    public init(@FieldRulesBuilder<Form, Field> _ rules: () -> [FieldRule<Form, Field>]) {
        self.rules = rules()
    }

    /// Checks every rule against `form`.
    public func validate(_ form: Form) -> ValidationResult<Field> {
        var result = ValidationResult<Field>()
        for rule in rules where result.messages[rule.field] == nil {
            if let message = rule.check(form) {
                result.record(message, for: rule.field)
            } else {
                result.markChecked(rule.field)
            }
        }
        return result
    }
}
