public import MVVMTerminal
public import RegistrationFeature

/// The sign-in form: type, move with Tab or the arrows, Enter to go on or to sign in. There is
/// nothing under it to go back to: Ctrl-C quits.
@MainActor
public final class SignInScreen: ViewModelScreen {
    /// The ViewModel the screen shows; it appears and disappears with the screen.
    public let viewModel: SignInViewModel
    /// The screen's own UI state.
    public private(set) var ui: SignInUI

    /// Creates the screen: the password focused when the login id is typed already.
    public init(viewModel: SignInViewModel) {
        self.viewModel = viewModel
        ui = SignInUI(focus: viewModel.state.form.loginID.isEmpty ? .loginID : .password)
    }

    /// Draws the ViewModel's state.
    public func render(into frame: inout Frame) {
        ui.tick += 1
        SignInView.render(viewModel.state, ui: ui, into: &frame)
    }

    /// Types into the focused field, moves the focus, or submits.
    public func handle(_ key: Key) -> ScreenAction? {
        let state = viewModel.state
        if let alert = state.navigation.modal {
            if let event = ui.alertInput.event(for: key, on: alert) { viewModel.send(event) }
            return nil
        }
        ui.alertInput.keyPressedWithoutAlert(key)
        switch FormKey(key) {
        case .move(let offset)?: ui.focus = FormKey.focus(ui.focus, movedBy: offset)
        case .enter?:
            // From the password, as from the button: a wrong password is typed again in place.
            if ui.focus == .submit || (ui.focus == .password && state.isSubmitEnabled) {
                if state.isSubmitEnabled { viewModel.send(.submitTapped) }
            } else {
                ui.focus = FormKey.focus(ui.focus, movedBy: 1)
            }
        case .edit(let change)?: edit(state, change)
        case nil: break
        }
        return nil
    }

    private func edit(_ state: SignInViewModel.State, _ change: (String) -> String) {
        switch ui.focus {
        case .loginID: viewModel.send(.loginIDChanged(change(state.form.loginID)))
        case .password: viewModel.send(.passwordChanged(change(state.form.password)))
        case .submit: break
        }
    }
}
