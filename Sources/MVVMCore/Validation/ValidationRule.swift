import Foundation

/// One check on one value, with the message the user reads when it fails.
///
/// Rules compose: a field lists several, and the first that fails gives the field's message.
///
/// ```swift
/// let password: [ValidationRule<String>] = [
///     .required("Enter a password."),
///     .minLength(8, "Use at least 8 characters."),
///     .custom("Include a digit.") { $0.contains(where: \.isNumber) },
/// ]
/// ```
public struct ValidationRule<Value>: Sendable {
    /// What the user reads when the rule fails.
    public let message: LocalizedText
    private let isValid: @Sendable (Value) -> Bool

    /// A rule from any predicate: `isValid` returns `true` when the value passes.
    public static func custom(_ message: LocalizedText, _ isValid: @escaping @Sendable (Value) -> Bool) -> Self {
        Self(message: message, isValid: isValid)
    }

    /// The message if `value` fails this rule, else `nil`.
    public func check(_ value: Value) -> LocalizedText? {
        isValid(value) ? nil : message
    }
}

extension ValidationRule where Value: StringProtocol & SendableMetatype {
    /// Fails when the value is empty or only whitespace.
    public static func required(_ message: LocalizedText) -> Self {
        .custom(message) { !$0.allSatisfy(\.isWhitespace) }
    }

    /// Fails when the value has fewer than `count` characters.
    public static func minLength(_ count: Int, _ message: LocalizedText) -> Self {
        .custom(message) { $0.count >= count }
    }

    /// Fails when the value has more than `count` characters.
    public static func maxLength(_ count: Int, _ message: LocalizedText) -> Self {
        .custom(message) { $0.count <= count }
    }

    /// Fails unless the value looks like an email address: `local@domain.tld`, no spaces,
    /// one `@`, a dot in the domain that neither starts nor ends it.
    ///
    /// It checks shape, not deliverability: only a confirmation mail proves an address.
    public static func email(_ message: LocalizedText) -> Self {
        .custom(message) { EmailShape.isValid(String($0)) }
    }

    /// Fails unless the whole value matches the regular expression `pattern`.
    ///
    /// An invalid pattern makes every value fail, so the mistake shows at once in development.
    public static func matches(_ pattern: String, _ message: LocalizedText) -> Self {
        let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$")
        let box = RegexBox(regex: regex)
        return .custom(message) { value in
            guard let regex = box.regex else { return false }
            let string = String(value)
            let range = NSRange(string.startIndex..., in: string)
            return regex.firstMatch(in: string, range: range) != nil
        }
    }
}

/// `NSRegularExpression` is immutable once made and documented thread-safe for matching,
/// but is not marked `Sendable` on Linux; this box carries it into `@Sendable` rules.
private struct RegexBox: @unchecked Sendable {
    let regex: NSRegularExpression?
}

/// The shape check behind ``ValidationRule/email(_:)``.
enum EmailShape {
    static func isValid(_ value: String) -> Bool {
        guard !value.contains(where: { $0.isWhitespace }) else { return false }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1]
        guard domain.contains("."), domain.first != ".", domain.last != ".",
              !domain.contains("..") else { return false }
        return true
    }
}
