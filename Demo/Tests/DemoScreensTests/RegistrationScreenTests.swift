import DemoScreens
import MVVMTerminal
import RegistrationFeature
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct RegistrationScreenTests {
    /// A repository whose registrations wait (cancellably) for an hour.
    struct PendingRegistrationRepository: RegistrationRepository {
        func register(_ request: RegistrationRequest) async throws(RegistrationError) -> Registration {
            try? await Task.sleep(for: .seconds(3600))
            throw .noInternet
        }
    }

    @Test func typingGoesToTheFocusedFieldAndTabMoves() {
        let viewModel = RegistrationViewModel(repository: PendingRegistrationRepository())
        let screen = RegistrationScreen(viewModel: viewModel)
        screen.didAppear()   // as the app does when it shows the screen
        defer { screen.willDisappear() }
        for key: Key in [.character("a"), .character("b"), .character("x"), .backspace, .tab, .character("p"), .enter, .character("q")] {
            #expect(screen.handle(key) == nil)
        }
        #expect(viewModel.state.form.loginID == "ab")
        #expect(viewModel.state.form.password == "p")
        #expect(viewModel.state.form.passwordConfirmation == "q")
        #expect(screen.ui.focus == .passwordConfirmation)
        _ = screen.handle(.tab)
        #expect(screen.ui.focus == .submit)
        _ = screen.handle(.enter)
        #expect(!viewModel.state.submission.isLoading, "an invalid form does not submit")
        _ = screen.handle(.tab)
        #expect(screen.ui.focus == .loginID)
        _ = screen.handle(.backTab)
        #expect(screen.ui.focus == .submit)
        guard case .pop? = screen.handle(.escape) else { Issue.record("Esc should go back"); return }
    }
}
