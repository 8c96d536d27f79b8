public import MVVMTerminal
public import RegistrationFeature

/// Draws the registration screen from its state: pure, for snapshot tests.
public enum RegistrationView {
    /// Draws `state` and `ui` into `frame`.
    public static func render(_ state: RegistrationViewModel.State, ui: RegistrationUI, into frame: inout Frame) {
        let width = frame.width - 2
        frame.put("新規登録", at: Position(row: 0, column: 1), style: Style(bold: true))
        let fields: [(RegistrationUI.Focus, String, String, String?)] = [
            (.loginID, "ログインID: ", state.form.loginID, state.loginIDStatus.message),
            (.password, "パスワード: ", String(repeating: "•", count: state.form.password.count), state.passwordStatus.message),
            (.passwordConfirmation, "パスワード(確認): ", String(repeating: "•", count: state.form.passwordConfirmation.count),
             state.passwordConfirmationStatus.message),
        ]
        for (index, field) in fields.enumerated() {
            FormField(field: TextField(label: field.1, text: field.2, isFocused: ui.focus == field.0), message: field.3)
                .draw(into: &frame, in: Rect(row: 2 + index * 3, column: 1, width: width, height: 2))
        }
        let summaryStyle = Style(foreground: state.summary.isOK ? .green : .red)
        frame.put(state.summary.text, at: Position(row: 11, column: 1), style: summaryStyle, maxWidth: width)
        let button = "[ 登録 ]"
        let buttonStyle = state.isSubmitEnabled ? Style(bold: true, inverse: ui.focus == .submit) : Style(dim: true, inverse: ui.focus == .submit)
        frame.put(button, at: Position(row: 13, column: 1), style: buttonStyle)
        if state.submission.isLoading {
            Spinner.draw(into: &frame, at: Position(row: 13, column: 11), tick: ui.tick, label: "送信中…")
        } else if let registration = state.submission.value {
            frame.put("登録しました: \(registration.loginID)", at: Position(row: 13, column: 11), style: Style(foreground: .green), maxWidth: width - 10)
        }
        StatusBar.draw(into: &frame, items: ["Tab/↑↓ Move", "Enter Next/Submit", "Esc Back"])
        state.navigation.modal?.draw(into: &frame)
    }
}
