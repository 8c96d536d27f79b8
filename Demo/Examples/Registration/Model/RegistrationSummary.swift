public import MVVMCore

/// The one line under the form (the article's label): the first problem, or "登録可能です".
public struct RegistrationSummary: Hashable, Sendable {
    /// The text to show.
    public var text: LocalizedText
    /// Whether the form can be submitted: the article's green, as meaning.
    public var isOK: Bool

    /// Creates a summary.
    public init(text: LocalizedText, isOK: Bool) {
        self.text = text
        self.isOK = isOK
    }

    /// The summary of a form that can be submitted: "登録可能です".
    public static let ready = RegistrationSummary(text: RegistrationText.ready, isOK: true)
}
