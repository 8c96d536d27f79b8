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
        switch key {
        case .escape: return .pop
        case .tab, .down: move(by: 1)
        case .backTab, .up: move(by: -1)
        case .enter:
            if ui.focus == .submit {
                if state.isSubmitEnabled { viewModel.send(.submitTapped) }
            } else {
                move(by: 1)
            }
        case .character(let character): edit(state) { $0 + String(character) }
        case .paste(let text): edit(state) { $0 + TerminalText.singleLine(text) }
        case .backspace: edit(state) { String($0.dropLast()) }
        default: break
        }
        return nil
    }

    private func move(by offset: Int) {
        let all = RegistrationUI.Focus.allCases
        ui.focus = all[(ui.focus.rawValue + offset + all.count) % all.count]
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
