public import MVVMTerminal
public import UserListFeature

/// A user's detail: every field, toggle active, delete after a confirmation, back.
@MainActor
public final class UserDetailScreen: ViewModelScreen {
    /// The ViewModel the screen shows; it appears and disappears with the screen.
    public let viewModel: UserDetailViewModel
    private var tick = 0

    /// Creates the screen; the ViewModel appears when the screen does.
    public init(viewModel: UserDetailViewModel) {
        self.viewModel = viewModel
    }

    /// Draws the ViewModel's state.
    public func render(into frame: inout Frame) {
        tick += 1
        UserDetailView.render(viewModel.state, tick: tick, into: &frame)
    }

    /// Routes a key to the alert, the confirmation, or the actions.
    public func handle(_ key: Key) -> ScreenAction? {
        let state = viewModel.state
        if let alert = state.alerts.current {
            if key == .enter || key == .escape || key == .character("q") { viewModel.onEvent(.alertDismissed(id: alert.id)) }
            return nil
        }
        if state.isConfirmingDelete {
            if key == .character("y") || key == .enter { viewModel.onEvent(.deleteConfirmed) }
            if key == .character("n") || key == .escape { viewModel.onEvent(.deleteCancelled) }
            return nil
        }
        switch key {
        case .character("q"), .escape: return .pop
        case .character("t"): viewModel.onEvent(.toggleActiveTapped)
        case .character("d"): viewModel.onEvent(.deleteTapped)
        case .character("r"): viewModel.onEvent(.retryTapped)
        default: break
        }
        return nil
    }
}
