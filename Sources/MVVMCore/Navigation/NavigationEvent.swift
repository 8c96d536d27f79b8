/// What the user does to go back: the events a view sends to the ViewModel that owns a
/// ``Navigation``, which handles them with ``Navigation/handle(_:)``.
public enum NavigationEvent: Hashable, Sendable {
    /// The back button or key: dismisses the modal, else pops one destination.
    case back
    /// Dismisses the modal (a sheet swiped down, an alert's button).
    case dismiss
    /// Back to the root screen, with no modal.
    case popToRoot
    /// The view already shows only the first `depth` destinations (SwiftUI's path binding after
    /// a back swipe, UIKit's `didShow`): the stack follows.
    case popTo(depth: Int)
}
