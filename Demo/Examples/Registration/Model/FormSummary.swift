public import MVVMCore

/// The one line under a form (the registration article's label): the first problem in red, or
/// the form's good news in green ("登録可能です", "ログインできます"). The registration and
/// sign-in forms both show one.
public struct FormSummary: Hashable, Sendable {
    /// The text to show.
    public var text: LocalizedText
    /// Whether the line is good news: the article's green, as meaning (red otherwise).
    public var isOK: Bool

    /// Creates a summary.
    public init(text: LocalizedText, isOK: Bool) {
        self.text = text
        self.isOK = isOK
    }
}
