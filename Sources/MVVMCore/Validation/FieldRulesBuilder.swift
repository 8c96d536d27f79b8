/// Collects ``FieldRule``s written one per line.
@resultBuilder
public enum FieldRulesBuilder<Form, Field: Hashable & Sendable> {
    /// A single rule.
    public static func buildExpression(_ rule: FieldRule<Form, Field>) -> [FieldRule<Form, Field>] { [rule] }
    /// The rules of a block, in order.
    public static func buildBlock(_ parts: [FieldRule<Form, Field>]...) -> [FieldRule<Form, Field>] {
        parts.flatMap { $0 }
    }
    /// The rules under an `if`, when it holds.
    public static func buildOptional(_ part: [FieldRule<Form, Field>]?) -> [FieldRule<Form, Field>] { part ?? [] }
    /// The rules of an `if` branch.
    public static func buildEither(first: [FieldRule<Form, Field>]) -> [FieldRule<Form, Field>] { first }
    /// The rules of an `else` branch.
    public static func buildEither(second: [FieldRule<Form, Field>]) -> [FieldRule<Form, Field>] { second }
    /// The rules of a `for` loop, in order.
    public static func buildArray(_ parts: [[FieldRule<Form, Field>]]) -> [FieldRule<Form, Field>] {
        parts.flatMap { $0 }
    }
}
