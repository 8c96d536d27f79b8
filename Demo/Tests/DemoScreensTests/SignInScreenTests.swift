import DemoScreens
import MVVMData
import MVVMTerminal
import RegistrationFeature
import Testing

/// The sign-in screen's keys, as a person types them: the form's keys go to the focused field,
/// Enter moves on until the form can be sent, and Enter on the password sends it and keeps the
/// focus there (a wrong password is typed again in place).
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct SignInScreenTests {
    /// A repository whose sign-ins wait (cancellably) for an hour.
    struct PendingSessions: SessionRepository {
        func signIn(loginID: String, password: String) async throws(SignInError) {
            try? await Task.sleep(for: .seconds(3600))
            throw .cancelled
        }

        func signOut() async {}

        func statusChanges() async -> AsyncStream<AuthStatus> {
            AsyncStream { $0.finish() }
        }
    }

    @Test func typingGoesToTheFocusedFieldEnterMovesOnAndSendsFromThePassword() {
        let viewModel = SignInViewModel(sessions: PendingSessions())
        let screen = SignInScreen(viewModel: viewModel)
        screen.didAppear()   // as the app does when it shows the screen
        defer { screen.willDisappear() }
        #expect(screen.ui.focus == .loginID)

        for key: Key in [.character("d"), .character("e"), .character("x"), .backspace, .character("m"), .character("o")] {
            #expect(screen.handle(key) == nil)
        }
        #expect(viewModel.state.form.loginID == "demo")
        _ = screen.handle(.enter)
        #expect(screen.ui.focus == .password, "Enter on the login id moves on")
        _ = screen.handle(.enter)
        #expect(screen.ui.focus == .submit, "Enter on a blank password moves on: nothing to send")
        #expect(!viewModel.state.isSubmitting)
        _ = screen.handle(.backTab)
        #expect(screen.ui.focus == .password)

        for character in "mvvm-demo" { _ = screen.handle(.character(character)) }
        #expect(viewModel.state.form.password == "mvvm-demo")
        _ = screen.handle(.enter)
        #expect(viewModel.state.isSubmitting, "Enter on the password sends the form")
        #expect(screen.ui.focus == .password, "and keeps the focus there")

        _ = screen.handle(.tab)
        #expect(screen.ui.focus == .submit)
        _ = screen.handle(.tab)
        #expect(screen.ui.focus == .loginID, "Tab goes round")
        #expect(screen.handle(.escape) == nil, "nothing to go back to: Esc does not leave")
    }

    @Test func aKnownLoginIDFocusesThePassword() {
        let screen = SignInScreen(viewModel: SignInViewModel(loginID: "mika", sessions: PendingSessions()))
        #expect(screen.ui.focus == .password)
    }
}
