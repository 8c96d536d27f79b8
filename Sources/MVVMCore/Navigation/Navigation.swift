/// Where a screen's user is: a stack of destinations pushed on the screen, and at most one modal
/// (a sheet, an alert, a confirmation) over them. A value in the ViewModel's state.
///
/// A ViewModel navigates by changing it, and the view layer follows: SwiftUI's
/// `NavigationStack(path:)`, a UIKit navigation controller, or MVVMTerminal's app. So a push is
/// a state change like any other, which a `ViewModelTester` script states:
///
/// ```swift
/// struct UsersState: Equatable, Sendable {
///     var navigation = Navigation<UsersDestination, UsersModal>()
/// }
///
/// case .userTapped(let id):
///     store.update { $0.navigation.push(.detail(id: id)) }
/// case .navigation(let event):          // back, dismiss, pop to root
///     store.update { $0.navigation.handle(event) }
/// ```
///
/// With destinations that name themselves (``NavigationDestination``), a stack round-trips
/// through a path string such as `users/42`, for deep links and restored sessions.
public struct Navigation<Destination: Hashable & Sendable, Modal: Hashable & Sendable>: Hashable, Sendable {
    /// The pushed destinations, the root screen's first; empty on the root screen.
    public private(set) var stack: [Destination]
    /// The modal shown over the top of the stack, if any.
    public private(set) var modal: Modal?

    /// A navigation showing `stack`, and `modal` over it.
    public init(stack: [Destination] = [], modal: Modal? = nil) {
        self.stack = stack
        self.modal = modal
    }

    /// The destination on top: the one the user sees; `nil` on the root screen.
    public var top: Destination? { stack.last }

    /// Shows `destination` on top of the stack. A modal shown meanwhile is dismissed: a push
    /// leaves the screen it was shown over.
    public mutating func push(_ destination: Destination) {
        modal = nil
        stack.append(destination)
    }

    /// Shows `modal` over the current screen, in place of any other modal.
    public mutating func present(_ modal: Modal) {
        self.modal = modal
    }

    /// Handles a navigation event:
    /// - ``NavigationEvent/back``: dismisses the modal if one is shown, else pops the top
    ///   destination (nothing on the root screen);
    /// - ``NavigationEvent/dismiss``: dismisses the modal, if any;
    /// - ``NavigationEvent/popToRoot``: dismisses the modal and empties the stack;
    /// - ``NavigationEvent/popTo(depth:)``: keeps the first `depth` destinations (what a
    ///   system back gesture or a tapped breadcrumb reports), dismissing the modal when the
    ///   stack shrinks.
    public mutating func handle(_ event: NavigationEvent) {
        switch event {
        case .back:
            if modal != nil {
                modal = nil
            } else if !stack.isEmpty {
                stack.removeLast()
            }
        case .dismiss:
            modal = nil
        case .popToRoot:
            modal = nil
            stack.removeAll()
        case .popTo(let depth):
            let kept = max(0, depth)
            guard kept < stack.count else { return }
            modal = nil
            stack.removeLast(stack.count - kept)
        }
    }
}
