public import MVVMTerminal
public import UserListFeature

/// A user's detail: every field, toggle active, delete after a confirmation, back.
@MainActor
public final class UserDetailScreen: ViewModelScreen {
    /// The ViewModel the screen shows; it appears and disappears with the screen.
    public let viewModel: UserDetailViewModel
    private var tick = 0
    /// Keys for the alert shown: the one that opened it, repeated, answers nothing.
    private var alertInput = AlertInput()

    /// Creates the screen; the ViewModel appears when the screen does.
    public init(viewModel: UserDetailViewModel) {
        self.viewModel = viewModel
    }

    /// Draws the ViewModel's state.
    public func render(into frame: inout Frame) {
        tick += 1
        UserDetailView.render(viewModel.state, tick: tick, into: &frame)
    }

    /// Routes a key to the alert or confirmation shown, else to the actions.
    public func handle(_ key: Key) -> ScreenAction? {
        if let alert = viewModel.state.navigation.modal {
            if let event = alertInput.event(for: key, on: alert) { viewModel.send(event) }
            return nil
        }
        alertInput.keyPressedWithoutAlert(key)
        switch key {
        case .character("q"), .escape: return .pop
        case .character("t"): viewModel.send(.toggleActiveTapped)
        case .character("d"): viewModel.send(.deleteTapped)
        case .character("r"): viewModel.send(.retryTapped)
        default: break
        }
        return nil
    }
}
