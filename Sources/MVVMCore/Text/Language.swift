import Foundation

/// A language a person reads text in: what ``LocalizedText/resolved(in:)`` picks by.
///
/// The demo and the library speak Japanese (the articles' words) and English; an app adds its
/// own with ``init(_:)``. ``current`` is the user's: the environment's locale in a terminal
/// (`LC_ALL`, `LC_MESSAGES`, `LANG`), the system's preferred language in an app iOS or macOS
/// launched.
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The ISO 639 code, lowercased: `ja`, `en`.
    public let code: String

    /// The language whose ISO 639 code is `code` (`"ja"`, `"en"`, or a locale name such as
    /// `"ja_JP.UTF-8"`, of which the part before `_`, `-`, `.` or `@` is taken).
    public init(_ code: String) {
        let base = code.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }
        self.code = base.lowercased()
    }

    /// Japanese: the articles' words.
    public static let japanese = Language("ja")
    /// English: what text falls back to.
    public static let english = Language("en")

    /// The language the user asked for in `environment`, as POSIX orders it: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`, the first one set and not empty. English when none is, or
    /// when it holds no language code of 2 or 3 letters (`C`, `POSIX`, digits, symbols); a code
    /// the app has no text for reads English too (``LocalizedText/resolved(in:)``). GNU's
    /// `LANGUAGE` list is not read.
    ///
    /// ```swift
    /// let language = Language.preferred(environment: ProcessInfo.processInfo.environment)
    /// ```
    package static func preferred(environment: [String: String]) -> Language {
        for name in localeVariables {
            guard let value = environment[name], !value.isEmpty else { continue }
            let language = Language(value)
            let isLanguage = (2...3).contains(language.code.count) && language.code.allSatisfy { $0.isASCII && $0.isLetter }
            return isLanguage ? language : .english
        }
        return .english
    }

    /// The language this process's user asked for: the locale the process's environment names
    /// (`LC_ALL`, then `LC_MESSAGES`, then `LANG`: a terminal), else the system's first
    /// preferred language (`Locale.preferredLanguages`: an app launched by iOS or macOS).
    public static var current: Language {
        let environment = ProcessInfo.processInfo.environment
        if localeVariables.contains(where: { environment[$0]?.isEmpty == false }) {
            return preferred(environment: environment)
        }
        // No locale in the environment (an app the system launched, not a shell): the system's
        // first preferred language (`ja-JP` reads Japanese).
        return Locale.preferredLanguages.first.map { Language($0) } ?? .english
    }

    /// The variables that name the user's locale, in the order POSIX reads them.
    private static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The code.
    public var description: String { code }
}
