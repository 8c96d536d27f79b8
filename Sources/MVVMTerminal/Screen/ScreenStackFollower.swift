/// Keeps the screens of a ``NavigationBinding``'s stack in line with it, the way
/// `DestinationViewModels` keeps ViewModels: a destination at the same place under the same
/// destinations keeps its screen (so its scroll position and selection survive popping what is
/// above it); the rest are dropped, and the new ones made.
@MainActor
protocol ScreenStackFollowing: AnyObject {
    /// Reads the stack (inside observation) and returns how many of the screens shown before
    /// stay, and the screens to add above them.
    func follow() -> (kept: Int, added: [any Screen])
    /// Asks the ViewModel to go back.
    func back()
    /// Whether the stack has anything above the root screen.
    var isEmpty: Bool { get }
}

@MainActor
final class ScreenStackFollower<Destination: Hashable & Sendable>: ScreenStackFollowing {
    private let binding: NavigationBinding<Destination>
    private var shown: [Destination] = []

    init(_ binding: NavigationBinding<Destination>) {
        self.binding = binding
    }

    func follow() -> (kept: Int, added: [any Screen]) {
        let stack = binding.stack()
        var kept = 0
        while kept < min(shown.count, stack.count), shown[kept] == stack[kept] {
            kept += 1
        }
        shown = stack
        return (kept, stack[kept...].map(binding.screen))
    }

    func back() {
        binding.back()
    }

    var isEmpty: Bool { shown.isEmpty }
}
