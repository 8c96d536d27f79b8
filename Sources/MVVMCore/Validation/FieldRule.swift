/// A rule of a ``FormValidator``: which field it reports on, and how it checks the form.
public struct FieldRule<Form, Field: Hashable & Sendable>: Sendable {
    /// The field whose message this rule sets when it fails.
    public let field: Field
    private let checkForm: @Sendable (Form) -> LocalizedText?

    /// A rule that reads the whole form; `check` returns the message when the form fails it.
    public init(_ field: Field, check: @escaping @Sendable (Form) -> LocalizedText?) {
        self.field = field
        self.checkForm = check
    }

    /// The message if `form` fails this rule, else `nil`.
    package func check(_ form: Form) -> LocalizedText? {
        checkForm(form)
    }

    /// Applies value rules to one field; the first that fails gives the message.
    public static func field<Value>(
        _ field: Field,
        _ keyPath: any KeyPath<Form, Value> & Sendable,
        _ rules: ValidationRule<Value>...
    ) -> Self {
        Self(field) { form in
            let value = form[keyPath: keyPath]
            for rule in rules {
                if let message = rule.check(value) { return message }
            }
            return nil
        }
    }

    /// Fails when two fields differ: a password and its confirmation.
    public static func equal<Value: Equatable & SendableMetatype>(
        _ field: Field,
        _ keyPath: any KeyPath<Form, Value> & Sendable,
        _ other: any KeyPath<Form, Value> & Sendable,
        _ message: LocalizedText
    ) -> Self {
        Self(field) { form in form[keyPath: keyPath] == form[keyPath: other] ? nil : message }
    }
}
