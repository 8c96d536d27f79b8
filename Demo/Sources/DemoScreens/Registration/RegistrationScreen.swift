public import MVVMTerminal
public import RegistrationFeature

/// The registration form: live validation messages under each field, and submit.
@MainActor
public final class RegistrationScreen: ViewModelScreen {
    /// The ViewModel the screen shows; it appears and disappears with the screen.
    public let viewModel: RegistrationViewModel
    /// The screen's own UI state.
    public private(set) var ui = RegistrationUI()

    /// Creates the screen; the ViewModel appears when the screen does.
    public init(viewModel: RegistrationViewModel) {
        self.viewModel = viewModel
    }

    /// Draws the ViewModel's state.
    public func render(into frame: inout Frame) {
        ui.tick += 1
        RegistrationView.render(viewModel.state, ui: ui, into: &frame)
    }

    /// Types into the focused field, moves the focus, submits, or goes back.
    public func handle(_ key: Key) -> ScreenAction? {
        let state = viewModel.state
        if let alert = state.navigation.modal {
            if let event = ui.alertInput.event(for: key, on: alert) { viewModel.send(event) }
            return nil
        }
        ui.alertInput.keyPressedWithoutAlert(key)
        if key == .escape { return .pop }
        switch FormKey(key) {
        case .move(let offset)?: ui.focus = FormKey.focus(ui.focus, movedBy: offset)
        case .enter?:
            if ui.focus == .submit {
                if state.isSubmitEnabled { viewModel.send(.submitTapped) }
            } else {
                ui.focus = FormKey.focus(ui.focus, movedBy: 1)
            }
        case .edit(let change)?: edit(state, change)
        case nil: break
        }
        return nil
    }

    private func edit(_ state: RegistrationViewModel.State, _ change: (String) -> String) {
        switch ui.focus {
        case .loginID: viewModel.send(.loginIDChanged(change(state.form.loginID)))
        case .password: viewModel.send(.passwordChanged(change(state.form.password)))
        case .passwordConfirmation: viewModel.send(.passwordConfirmationChanged(change(state.form.passwordConfirmation)))
        case .submit: break
        }
    }
}
