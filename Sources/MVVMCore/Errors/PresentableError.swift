/// An error that knows what to tell the user: a title and a message.
///
/// This is the article's `ViewModelError: LocalizedError`, with the title an alert needs.
/// Define one per feature or per layer edge, and ``ErrorPresenter`` shows it as written.
///
/// ```swift
/// enum ProfileError: PresentableError {
///     case offline, notFound
///
///     var title: String { "Profile" }
///     var message: String {
///         switch self {
///         case .offline: "You are offline. Check your connection and try again."
///         case .notFound: "This profile no longer exists."
///         }
///     }
/// }
/// ```
public protocol PresentableError: Error {
    /// A short title, e.g. for an alert's heading.
    var title: String { get }
    /// What happened and what the user can do about it.
    var message: String { get }
    /// Whether trying again may succeed; views show a Retry action when it is `true`.
    var isRetryable: Bool { get }
}

extension PresentableError {
    /// "Error" by default.
    public var title: String { "Error" }
    /// `false` by default.
    public var isRetryable: Bool { false }
}
