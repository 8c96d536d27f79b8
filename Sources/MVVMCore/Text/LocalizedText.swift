/// Text a person reads, in each language the app speaks; a view shows it in the user's
/// language (``resolved(in:)``).
///
/// State holds `LocalizedText`, not a `String` already in one language, so one ViewModel serves
/// every language and its tests check each of them. It is swift-navigation's `TextState` made
/// small: the texts per language, written in a table per feature.
///
/// ```swift
/// enum ProfileText {
///     static let title = LocalizedText([.japanese: "プロフィール", .english: "Profile"])
///     static func followers(_ count: Int) -> LocalizedText {
///         LocalizedText([.japanese: "フォロワー \(count)人", .english: "\(count) followers"])
///     }
/// }
///
/// #expect(state.title.resolved(in: .japanese) == "プロフィール")
/// ```
///
/// A string literal is text that reads the same in every language (a name, a figure, a symbol):
/// `Alert(title: "Ann Lee", …)`. Text in a language belongs in a table.
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The text per language; empty when ``verbatim`` is used for all.
    private var texts: [Language: String]
    /// The text for a language ``texts`` has none for: the same in every language, or English.
    private var fallback: String

    /// Text that reads the same in every language: a name, a figure, a symbol, a server's
    /// message already in the user's language.
    public init(verbatim text: String) {
        texts = [:]
        fallback = text
    }

    /// Text written in each of `texts`' languages; another language gets the English text, else
    /// the first one given.
    ///
    /// - Precondition: `texts` is not empty.
    public init(_ texts: KeyValuePairs<Language, String>) {
        precondition(!texts.isEmpty, "A LocalizedText needs a text in at least one language.")
        var table: [Language: String] = [:]
        for (language, text) in texts where table[language] == nil { table[language] = text }
        self.texts = table
        fallback = table[.english] ?? texts[texts.startIndex].value
    }

    /// Text that reads the same in every language (see ``init(verbatim:)``).
    public init(stringLiteral value: String) {
        self.init(verbatim: value)
    }

    /// The text in `language`: its own text, else the English one (else the first written).
    ///
    /// Without a language, the text in the user's (``Language/current``): the one call a UIKit or
    /// SwiftUI view makes to show `LocalizedText` where Apple's API takes a `String`:
    ///
    /// ```swift
    /// UIAlertController(title: alert.title.resolved(), message: alert.message.resolved(), preferredStyle: .alert)
    /// Text(row.status.resolved())
    /// ```
    ///
    /// - Parameter language: the language to show; the user's when omitted.
    /// - Returns: the text in that language.
    public func resolved(in language: Language = .current) -> String {
        texts[language] ?? fallback
    }

    /// Whether the text reads the same in every language.
    package var isVerbatim: Bool { texts.isEmpty }

    /// `lhs` followed by `rhs`, in each language.
    public static func + (lhs: LocalizedText, rhs: LocalizedText) -> LocalizedText {
        var result = LocalizedText(verbatim: lhs.fallback + rhs.fallback)
        for language in Set(lhs.texts.keys).union(rhs.texts.keys) {
            result.texts[language] = lhs.resolved(in: language) + rhs.resolved(in: language)
        }
        return result
    }

    /// The English text (else the one for every language), for logs and test failures.
    public var description: String { fallback }

    /// Text joined from literals (the same in every language), values (as `String(describing:)`
    /// writes them) and other `LocalizedText`s (each in its language):
    /// `"\(CommonText.errorTitle): \(code)"` reads エラー: 503 in Japanese and Error: 503 in English.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = LocalizedText(verbatim: "")

        /// Room for the literal's parts (nothing to reserve).
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Adds a literal part.
        public mutating func appendLiteral(_ literal: String) {
            text = text + LocalizedText(verbatim: literal)
        }

        /// Adds `value`, each language in its own.
        public mutating func appendInterpolation(_ value: LocalizedText) {
            text = text + value
        }

        /// Adds `value` as `String(describing:)` writes it, the same in every language.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            text = text + LocalizedText(verbatim: String(describing: value))
        }
    }

    /// The text an interpolation joined.
    public init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.text
    }
}
