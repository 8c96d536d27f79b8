/// A screen state that keeps a ``Navigation``: declaring it lets the library close the modal
/// shown when one of its buttons' events is handled.
///
/// A state with a `navigation` field conforms by saying so. Then an event that the modal shown
/// offers (``Alert/offers(_:)``), sent by the view with ``ViewModel/send(_:)`` (an event from a
/// mailbox or a child never answers an alert for the user), reaches ``ViewModel/onEvent(_:)``
/// with the modal still shown, so a handler can check that its button was the one pressed; when
/// `onEvent` returns, the library dismisses that modal, unless the handler already did (the next
/// waiting modal, if any, shows). A Cancel button that sends `.navigation(.dismiss)` closes it the
/// way it always did.
///
/// ```swift
/// struct State: Equatable, Sendable, NavigationState {
///     var navigation = Navigation<Never, Alert<Event>>()
/// }
///
/// case .filterSelected(let filter):
///     store.update { $0.filter = filter }   // the sheet that offered it closes itself
/// ```
///
/// (`NavigationStateTests`.)
public protocol NavigationState {
    /// What the screen pushes.
    associatedtype Destination: Hashable & Sendable
    /// What the screen presents over it; an ``Alert`` closes itself when its event is handled.
    associatedtype Modal: Hashable & Sendable

    /// Where the screen's user is.
    var navigation: Navigation<Destination, Modal> { get set }
}

/// A modal that knows the events its buttons send: what ``NavigationState`` closes.
protocol EventOffering {
    /// Whether one of the modal's buttons sends `event`.
    func offersEvent(_ event: Any) -> Bool
}

extension Alert: EventOffering {
    func offersEvent(_ event: Any) -> Bool {
        (event as? Event).map(offers) ?? false
    }
}

extension NavigationState {
    /// The modal shown, if one of its buttons sends `event`.
    func modal(offering event: Any) -> Modal? {
        guard let modal = navigation.modal, let offering = modal as? any EventOffering, offering.offersEvent(event) else { return nil }
        return modal
    }

    /// This state with `modal` dismissed, if it is still the one shown; `nil` if it is not.
    func closing(_ modal: Any) -> Self? {
        guard let modal = modal as? Modal, navigation.modal == modal else { return nil }
        var closed = self
        closed.navigation.handle(.dismiss)
        return closed
    }
}
