import MVVMCore
public import MVVMTerminal
public import RegistrationFeature

/// Draws the sign-in screen from its state: pure, for snapshot tests. The registration form's
/// shape: the fields, the line under them in green or red, the button.
public enum SignInView {
    /// Draws `state` and `ui` into `frame`.
    public static func render(_ state: SignInViewModel.State, ui: SignInUI, into frame: inout Frame) {
        let width = frame.width - 2
        let language = frame.language
        frame.put(SignInText.title.resolved(in: language), at: Position(row: 0, column: 1), style: Style(bold: true))
        var row = 2
        if let notice = state.notice {
            for line in TerminalText.wrap(notice.resolved(in: language), width: max(1, width)) {
                frame.put(line, at: Position(row: row, column: 1), style: Style(foreground: .yellow))
                row += 1
            }
            row += 1
        }
        let fields: [(SignInUI.Focus, LocalizedText, String, LocalizedText?)] = [
            (.loginID, RegistrationText.loginIDLabel, state.form.loginID, state.loginIDStatus.message),
            (.password, RegistrationText.passwordLabel, String(repeating: "•", count: state.form.password.count), state.passwordStatus.message),
        ]
        for field in fields {
            let textField = TextField(label: field.1.resolved(in: language), text: field.2, isFocused: ui.focus == field.0)
            FormField(field: textField, message: field.3?.resolved(in: language))
                .draw(into: &frame, in: Rect(row: row, column: 1, width: width, height: 2))
            row += 3
        }
        frame.put(state.summary.text.resolved(in: language), at: Position(row: row, column: 1), style: Style(foreground: state.summary.isOK ? .green : .red), maxWidth: width)
        row += 2
        let button = "[ \(SignInText.submit.resolved(in: language)) ]"
        let buttonStyle = state.isSubmitEnabled ? Style(bold: true, inverse: ui.focus == .submit) : Style(dim: true, inverse: ui.focus == .submit)
        frame.put(button, at: Position(row: row, column: 1), style: buttonStyle)
        if state.isSubmitting {
            Spinner.draw(into: &frame, at: Position(row: row, column: 3 + DisplayWidth.columns(of: button)), tick: ui.tick, label: SignInText.sending.resolved(in: language))
        }
        if let hint = state.hint {
            frame.put(hint.resolved(in: language), at: Position(row: row + 2, column: 1), style: Style(dim: true), maxWidth: width)
        }
        StatusBar.draw(into: &frame, items: SignInText.hints)
        state.navigation.modal?.draw(into: &frame)
    }
}
