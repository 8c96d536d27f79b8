/// Collects ``FieldRule``s written one per line. A condition belongs inside a rule (its `check`
/// returns `nil` when the rule does not apply), so the list of rules is the same for every form.
@resultBuilder
public enum FieldRulesBuilder<Form, Field: Hashable & Sendable> {
    /// A single rule.
    public static func buildExpression(_ rule: FieldRule<Form, Field>) -> [FieldRule<Form, Field>] { [rule] }
    /// The rules of a block, in order.
    public static func buildBlock(_ parts: [FieldRule<Form, Field>]...) -> [FieldRule<Form, Field>] {
        parts.flatMap { $0 }
    }
}
