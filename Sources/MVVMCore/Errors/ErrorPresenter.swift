import Foundation

/// Turns any error into what the user reads, in one place.
///
/// The order, first match wins:
/// 1. cancellation (`CancellationError`, a ``CancellationReporting`` error that reports one, or
///    any error your `isCancellation` recognises) is not shown at all: ``presentation(for:)`` returns `nil`;
/// 2. a ``PresentableError`` is shown as it describes itself;
/// 3. your `map` may handle any other error (e.g. errors of a library you use);
/// 4. a `LocalizedError` with an `errorDescription` shows that text under the fallback title;
/// 5. anything else gets the fallback title and message. Raw error descriptions are never
///    shown: they are written for developers and may contain URLs or internal names.
///
/// ```swift
/// let presenter = ErrorPresenter(fallbackMessage: "Something went wrong. Pull to retry.")
/// if let presentation = presenter.presentation(for: error) {
///     store.update { $0.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss))) }
/// }
/// ```
public struct ErrorPresenter: Sendable {
    /// The title for errors that bring none.
    package var fallbackTitle: LocalizedText
    /// The message for errors nothing else recognises.
    package var fallbackMessage: LocalizedText
    private let map: @Sendable (any Error) -> ErrorPresentation?
    private let isCancellation: @Sendable (any Error) -> Bool

    /// Creates a presenter.
    ///
    /// - Parameters:
    ///   - fallbackTitle: the title for errors that bring none.
    ///   - fallbackMessage: the message for unrecognised errors.
    ///   - isCancellation: recognises further cancellation errors, e.g. `URLError(.cancelled)`.
    ///   - map: presents errors that are not ``PresentableError``s; return `nil` to pass.
    public init(
        fallbackTitle: LocalizedText = CommonText.errorTitle,
        fallbackMessage: LocalizedText = CommonText.unknownError,
        map: @escaping @Sendable (any Error) -> ErrorPresentation? = { _ in nil },
        isCancellation: @escaping @Sendable (any Error) -> Bool = { _ in false }
    ) {
        self.fallbackTitle = fallbackTitle
        self.fallbackMessage = fallbackMessage
        self.isCancellation = isCancellation
        self.map = map
    }

    /// The default presenter: the library's fallback texts (``CommonText``), no extra mapping.
    public static let `default` = ErrorPresenter()

    /// What to show for `error`, or `nil` when it is a cancellation that shows nothing.
    public func presentation(for error: any Error) -> ErrorPresentation? {
        if error is CancellationError || isCancellation(error) { return nil }
        if let error = error as? any CancellationReporting, error.isCancellation { return nil }
        if let error = error as? any PresentableError { return ErrorPresentation(error) }
        if let mapped = map(error) { return mapped }
        if let error = error as? any LocalizedError, let description = error.errorDescription,
           !description.isEmpty {
            return ErrorPresentation(
                title: fallbackTitle,
                message: LocalizedText(verbatim: [description, error.recoverySuggestion]
                    .compactMap { $0 }
                    .joined(separator: " "))
            )
        }
        return ErrorPresentation(title: fallbackTitle, message: fallbackMessage)
    }
}
