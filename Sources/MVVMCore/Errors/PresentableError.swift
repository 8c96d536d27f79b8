/// An error that knows what to tell the user: a title and a message.
///
/// This is the article's `ViewModelError: LocalizedError`, with the title an alert needs.
/// Define one per feature or per layer edge, and ``ErrorPresenter`` shows it as written.
///
/// ```swift
/// enum ProfileError: PresentableError {
///     case offline, notFound
///
///     var title: LocalizedText { ProfileText.title }
///     var message: LocalizedText {
///         switch self {
///         case .offline: ProfileText.offline
///         case .notFound: ProfileText.notFound
///         }
///     }
/// }
/// ```
public protocol PresentableError: Error {
    /// A short title, e.g. for an alert's heading.
    var title: LocalizedText { get }
    /// What happened and what the user can do about it.
    var message: LocalizedText { get }
    /// Whether trying again may succeed; views show a Retry action when it is `true`.
    var isRetryable: Bool { get }
}

extension PresentableError {
    /// エラー / Error by default (``CommonText/errorTitle``).
    public var title: LocalizedText { CommonText.errorTitle }
    /// `false` by default.
    public var isRetryable: Bool { false }
}
