/// What a view shows for an error: a title, a message, and whether to offer a retry.
///
/// Errors become an `ErrorPresentation` once, at the ViewModel's edge (``ErrorPresenter``);
/// state holds the presentation, not the error, so it stays `Equatable` and `Sendable`.
public struct ErrorPresentation: Hashable, Sendable, CustomStringConvertible {
    /// A short title, e.g. for an alert's heading.
    public var title: LocalizedText
    /// What happened and what the user can do about it.
    public var message: LocalizedText
    /// Whether a Retry action makes sense.
    public var isRetryable: Bool

    /// Creates a presentation.
    public init(title: LocalizedText, message: LocalizedText, isRetryable: Bool = false) {
        self.title = title
        self.message = message
        self.isRetryable = isRetryable
    }

    /// The presentation of a ``PresentableError``, as the error states it.
    public init(_ error: some PresentableError) {
        self.init(title: error.title, message: error.message, isRetryable: error.isRetryable)
    }

    /// "Title: message", for logs and test failures.
    public var description: String { "\(title): \(message)" }
}
