import MVVMCore

/// Keeps the screens of a ``NavigationBinding``'s stack in line with it, with MVVMCore's
/// `DestinationViewModels` (the same rule as for child ViewModels): a destination at the same
/// place under the same destinations keeps its screen, so its scroll position and selection
/// survive popping what is above it; the rest are dropped, and the new ones made.
@MainActor
protocol ScreenStackFollowing: AnyObject {
    /// Reads the stack (inside observation) and returns the screens above the root, in order.
    func follow() -> [any Screen]
    /// Asks the ViewModel to go back.
    func back()
    /// Whether the stack has anything above the root screen.
    var isEmpty: Bool { get }
}

@MainActor
final class ScreenStackFollower<Destination: Hashable & Sendable>: ScreenStackFollowing {
    private let binding: NavigationBinding<Destination>
    private let screens: DestinationViewModels<Destination, any Screen>

    init(_ binding: NavigationBinding<Destination>) {
        self.binding = binding
        // Screens, not ViewModels: the terminal app tells a screen that leaves (willDisappear).
        self.screens = DestinationViewModels(make: binding.screen, viewModel: { _ in nil })
    }

    func follow() -> [any Screen] {
        screens.follow(binding.stack())
    }

    func back() {
        binding.back()
    }

    var isEmpty: Bool { screens.top == nil }
}
