/// An error that can stand for a cancellation, such as a network error for a request the app
/// cancelled. ``ErrorPresenter`` shows nothing for one that reports ``isCancellation``.
///
/// ```swift
/// extension APIError: CancellationReporting {
///     var isCancellation: Bool { self == .cancelled }
/// }
/// ```
public protocol CancellationReporting: Error {
    /// Whether this error only says that the work was cancelled.
    var isCancellation: Bool { get }
}
