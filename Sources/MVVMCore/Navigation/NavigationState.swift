import Synchronization

/// A screen state that keeps a ``Navigation``: declaring it lets the library close the modal
/// shown when one of its buttons' events is handled.
///
/// A state with a `navigation` field conforms by saying so. Then an event that the modal shown
/// offers (``Alert/offers(_:)``), sent by the view with ``ViewModel/send(_:)`` (an event from a
/// mailbox or a child never answers an alert for the user), reaches ``ViewModel/onEvent(_:)``
/// with the modal still shown, so a handler can check that its button was the one pressed; when
/// `onEvent` returns, the library dismisses that modal, unless the handler already did (the next
/// waiting modal, if any, shows) or presented an equal one again (a Retry whose retry failed at
/// once shows its alert again). A Cancel button that sends `.navigation(.dismiss)` closes it the
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

/// Notes, while a handler runs, whether it presented a modal equal to the one whose button it
/// handles: that one is then shown again on purpose, and stays.
final class PresentationWatch: Sendable {
    /// The watch of the handler running now on this task, if any.
    @TaskLocal static var current: PresentationWatch?

    private let offering: any Hashable & Sendable
    private let presented = Mutex(false)

    init(offering: any Hashable & Sendable) {
        self.offering = offering
    }

    /// `modal` was presented: noted when it is equal to the one watched.
    func note<Modal: Hashable>(_ modal: Modal) {
        guard (offering as? Modal) == modal else { return }
        presented.withLock { $0 = true }
    }

    /// Whether the modal watched was presented again.
    var presentedAgain: Bool { presented.withLock { $0 } }
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
