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
    /// Modals presented while another was shown, oldest first: each is shown when the one
    /// before it is dismissed. Nothing presented is lost, and a view that shows ``modal`` never
    /// has it replaced under the user's finger (a late OK closes the alert it was pressed on).
    public private(set) var waitingModals: [Modal] = []

    /// A navigation showing `stack`, `modal` over it, and `waitingModals` after it.
    public init(stack: [Destination] = [], modal: Modal? = nil, waitingModals: [Modal] = []) {
        self.stack = stack
        self.modal = modal ?? waitingModals.first
        self.waitingModals = modal == nil ? Array(waitingModals.dropFirst()) : waitingModals
    }

    /// Shows `destination` on top of the stack. The modals shown and waiting are dismissed: a
    /// push leaves the screen they were shown over.
    public mutating func push(_ destination: Destination) {
        dismissAllModals()
        stack.append(destination)
    }

    /// Shows `modal` over the current screen; while another modal is shown, it waits its turn
    /// (``waitingModals``). A modal equal to one shown or waiting is not added again, so the
    /// same error reported twice shows once.
    public mutating func present(_ modal: Modal) {
        PresentationWatch.current?.note(modal)
        guard let shown = self.modal else {
            self.modal = modal
            return
        }
        guard shown != modal, !waitingModals.contains(modal) else { return }
        waitingModals.append(modal)
    }

    /// Handles a navigation event:
    /// - ``NavigationEvent/back``: dismisses the modal if one is shown (the next waiting one, if
    ///   any, shows), else pops the top destination (nothing on the root screen);
    /// - ``NavigationEvent/dismiss``: dismisses the modal, if any; the next waiting one shows;
    /// - ``NavigationEvent/popToRoot``: dismisses every modal and empties the stack;
    /// - ``NavigationEvent/popTo(depth:)``: keeps the first `depth` destinations (what a
    ///   system back gesture or a tapped breadcrumb reports), dismissing every modal when the
    ///   stack shrinks.
    public mutating func handle(_ event: NavigationEvent) {
        switch event {
        case .back:
            if modal != nil {
                dismissModal()
            } else if !stack.isEmpty {
                stack.removeLast()
            }
        case .dismiss:
            dismissModal()
        case .popToRoot:
            dismissAllModals()
            stack.removeAll()
        case .popTo(let depth):
            let kept = max(0, depth)
            guard kept < stack.count else { return }
            dismissAllModals()
            stack.removeLast(stack.count - kept)
        }
    }

    /// Dismisses the modal shown; the first waiting one takes its place.
    private mutating func dismissModal() {
        modal = waitingModals.isEmpty ? nil : waitingModals.removeFirst()
    }

    private mutating func dismissAllModals() {
        modal = nil
        waitingModals.removeAll()
    }
}
