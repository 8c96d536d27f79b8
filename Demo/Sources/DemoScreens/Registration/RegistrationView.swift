import MVVMCore
public import MVVMTerminal
public import RegistrationFeature

/// Draws the registration screen from its state: pure, for snapshot tests.
public enum RegistrationView {
    /// Draws `state` and `ui` into `frame`.
    public static func render(_ state: RegistrationViewModel.State, ui: RegistrationUI, into frame: inout Frame) {
        let width = frame.width - 2
        let language = frame.language
        frame.put(RegistrationText.title.resolved(in: language), at: Position(row: 0, column: 1), style: Style(bold: true))
        let fields: [(RegistrationUI.Focus, LocalizedText, String, LocalizedText?)] = [
            (.loginID, RegistrationText.loginIDLabel, state.form.loginID, state.loginIDStatus.message),
            (.password, RegistrationText.passwordLabel, String(repeating: "•", count: state.form.password.count), state.passwordStatus.message),
            (.passwordConfirmation, RegistrationText.passwordConfirmationLabel,
             String(repeating: "•", count: state.form.passwordConfirmation.count), state.passwordConfirmationStatus.message),
        ]
        for (index, field) in fields.enumerated() {
            let textField = TextField(label: field.1.resolved(in: language), text: field.2, isFocused: ui.focus == field.0)
            FormField(field: textField, message: field.3?.resolved(in: language))
                .draw(into: &frame, in: Rect(row: 2 + index * 3, column: 1, width: width, height: 2))
        }
        // Article 001's label: green when ready to register, red otherwise.
        let summaryStyle = Style(foreground: state.summary.isOK ? .green : .red)
        frame.put(state.summary.text.resolved(in: language), at: Position(row: 11, column: 1), style: summaryStyle, maxWidth: width)
        let button = "[ \(RegistrationText.submit.resolved(in: language)) ]"
        let buttonStyle = state.isSubmitEnabled ? Style(bold: true, inverse: ui.focus == .submit) : Style(dim: true, inverse: ui.focus == .submit)
        frame.put(button, at: Position(row: 13, column: 1), style: buttonStyle)
        if state.submission.isLoading {
            Spinner.draw(into: &frame, at: Position(row: 13, column: 3 + DisplayWidth.columns(of: button)), tick: ui.tick, label: RegistrationText.sending.resolved(in: language))
        }
        StatusBar.draw(into: &frame, items: RegistrationText.hints)
        state.navigation.modal?.draw(into: &frame)
    }
}
