/// An alert or a confirmation dialog, as a value: a title, a message, and buttons that each
/// carry the event they send.
///
/// It lives in the modal slot of the screen's ``Navigation``, so a screen has one place for what
/// it presents: a sheet, an error, a confirmation. The view draws it from the value alone and,
/// when the user presses a button, sends that button's event (``ViewModel/send(_:)``); the
/// ViewModel handles the event, and the alert closes itself when `onEvent` returns (the state is
/// a ``NavigationState``). A test presses a button by sending its event.
///
/// ```swift
/// struct State: Equatable, Sendable, NavigationState {
///     var navigation = Navigation<Never, Alert<Event>>()
/// }
///
/// case .deleteTapped:
///     store.update {
///         $0.navigation.present(Alert(title: "Delete", message: "Delete \(name)?", buttons: [
///             AlertButton("Delete", role: .destructive, sends: .deleteConfirmed),
///             AlertButton("Cancel", role: .cancel, sends: .navigation(.dismiss)),
///         ]))
///     }
/// case .deleteConfirmed:
///     guard state.navigation.modal?.offers(.deleteConfirmed) == true else { return }   // a doubled tap
///     delete()   // the alert closes when this returns
/// ```
///
/// An error becomes an alert through ``init(_:dismiss:retry:)``, from what ``ErrorPresenter``
/// made of it. Presenting an alert equal to one shown or waiting changes nothing, so two requests
/// that fail the same way show it once; a different one waits until the shown one is closed
/// (``Navigation/present(_:)``); a dismissed alert is gone from state, so a view that binds again
/// never shows it twice.
public struct Alert<Event: Hashable & Sendable>: Hashable, Sendable {
    /// How a view shows the alert.
    public enum Style: Hashable, Sendable {
        /// A centred alert (SwiftUI's `.alert`, UIKit's `.alert` style).
        case alert
        /// A set of choices about an action (SwiftUI's `.confirmationDialog`, UIKit's
        /// `.actionSheet` style).
        case confirmationDialog
    }

    /// The heading.
    public var title: LocalizedText
    /// The text under the heading; empty for none.
    public var message: LocalizedText
    /// The buttons, in the order a view shows them; never empty.
    public private(set) var buttons: [AlertButton<Event>]
    /// How a view shows it.
    public var style: Style

    /// Creates an alert.
    ///
    /// - Precondition: `buttons` is not empty: an alert without a button could never be closed.
    public init(title: LocalizedText, message: LocalizedText = "", style: Style = .alert, buttons: [AlertButton<Event>]) {
        precondition(!buttons.isEmpty, "An Alert needs at least one button: the user could not close it.")
        self.title = title
        self.message = message
        self.style = style
        self.buttons = buttons
    }

    /// The alert for an error: its title and message, an OK button that sends `dismiss`, and a
    /// Retry button that sends `retry` when the error is retryable and `retry` is given.
    ///
    /// ```swift
    /// if let presentation = presenter.presentation(for: error) {
    ///     store.update { $0.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss))) }
    /// }
    /// ```
    public init(_ error: ErrorPresentation, dismiss: Event, retry: Event? = nil) {
        var buttons = [AlertButton(CommonText.ok, role: .cancel, sends: dismiss)]
        if error.isRetryable, let retry { buttons.append(AlertButton(CommonText.retry, sends: retry)) }
        self.init(title: error.title, message: error.message, buttons: buttons)
    }

    /// Whether a button sends `event`: a ViewModel checks it before acting on a button's event,
    /// so that an event from an alert no longer shown (a doubled tap) does nothing; the library
    /// checks it to close the alert once the event is handled (``NavigationState``).
    public func offers(_ event: Event) -> Bool {
        buttons.contains { $0.event == event }
    }

    /// The button a view presses when the user closes the alert without choosing (Escape, a tap
    /// outside a dialog): the cancel button, else the only button unless it is destructive, else
    /// none. Closing an alert never destroys anything.
    package var cancelButton: AlertButton<Event>? {
        buttons.first { $0.role == .cancel } ?? (buttons.count == 1 && buttons[0].role != .destructive ? buttons[0] : nil)
    }
}
