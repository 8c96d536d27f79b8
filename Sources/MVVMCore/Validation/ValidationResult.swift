/// The outcome of validating a form: a message per failing field, and whether it can be submitted.
public struct ValidationResult<Field: Hashable & Sendable>: Equatable, Sendable {
    /// The failing fields' messages.
    public private(set) var messages: [Field: LocalizedText] = [:]
    /// The failing fields, in the order their rules were declared.
    public private(set) var failingFields: [Field] = []
    /// Fields whose rules ran and all passed.
    private var passed: Set<Field> = []

    /// A result with no failures.
    package init() {}

    /// Whether no rule failed: the article's "submit enabled".
    public var canSubmit: Bool { messages.isEmpty }

    /// The first failure's message, in declaration order: for a form that shows one summary
    /// line (the registration article's label).
    public var firstMessage: LocalizedText? {
        failingFields.first.flatMap { messages[$0] }
    }

    /// The semantic status of `field`, for a view to colour: ok, or an error with its message.
    public func status(for field: Field) -> FieldStatus {
        if let message = messages[field] { return .error(message) }
        return passed.contains(field) ? .ok : .unchecked
    }

    mutating func record(_ message: LocalizedText, for field: Field) {
        if messages.updateValue(message, forKey: field) == nil { failingFields.append(field) }
        passed.remove(field)
    }

    mutating func markChecked(_ field: Field) {
        passed.insert(field)
    }
}

/// What a view shows next to a field: the article's green and red, as meaning.
public enum FieldStatus: Hashable, Sendable {
    /// No rule covers the field.
    case unchecked
    /// Every rule passed.
    case ok
    /// A rule failed; show its message.
    case error(LocalizedText)

    /// The message to show, if any.
    public var message: LocalizedText? {
        if case .error(let message) = self { return message }
        return nil
    }
}
