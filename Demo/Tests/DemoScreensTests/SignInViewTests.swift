import DemoScreens
import MVVMCore
import MVVMTerminal
import RegistrationFeature
import Testing

/// The sign-in screen as each reader sees it (issue 53): the registration form's shape, the line
/// under it in red or green, the notice of a session the server refused, and the demo account.
struct SignInViewTests {
    static func render(_ state: SignInViewModel.State, ui: SignInUI = SignInUI(), language: Language) -> Frame {
        var frame = Frame(width: 72, height: 17)
        frame.language = language
        SignInView.render(state, ui: ui, into: &frame)
        return frame
    }

    @Test func anEmptyFormInJapaneseSaysAFieldIsBlankInRed() {
        let frame = Self.render(SignInViewModel.State(hint: SignInText.demoAccount(loginID: "demo", password: "mvvm-demo")), language: .japanese)
        #expect(frame.text == [
            " ログイン",
            "",
            " ログインID: ▏",
            "",
            "",
            " パスワード:",
            "",
            "",
            " 空欄があります",
            "",
            " [ ログイン ]",
            "",
            " デモ用アカウント: demo / mvvm-demo",
            "",
            "",
            "",
            " Tab/↑↓ 移動  Enter 次へ/ログイン  Ctrl-C 終了",
        ].joined(separator: "\n"))
        #expect(frame[8, 1].style.foreground == .red)
    }

    @Test func theSameAccountAskedAgainInEnglishIsGreenWhenReady() {
        let state = SignInViewModel.State(form: SignInForm(loginID: "mika", password: "secret123"), notice: SignInText.expired(account: "mika"))
        let frame = Self.render(state, ui: SignInUI(focus: .password), language: .english)
        #expect(frame.text == [
            " Sign in",
            "",
            " mika's session has expired. Please sign in again: changes not yet sent",
            " will be sent then.",
            "",
            " Login ID: mika",
            "",
            "",
            " Password: •••••••••▏",
            "",
            "",
            " Ready to sign in",
            "",
            " [ Sign in ]",
            "",
            "",
            " Tab/↑↓ Move  Enter Next/Sign in  Ctrl-C Quit",
        ].joined(separator: "\n"))
        #expect(frame[11, 1].style.foreground == .green)
    }
}
