import DemoScreens
import MVVMCore
import MVVMTerminal
import RegistrationFeature
import Testing

struct RegistrationViewTests {
    /// The screen as a Japanese reader sees it (article 001's words).
    static func render(_ state: RegistrationViewModel.State, ui: RegistrationUI = RegistrationUI(), language: Language = .japanese) -> String {
        var frame = Frame(width: 64, height: 16)
        frame.language = language
        RegistrationView.render(state, ui: ui, into: &frame)
        return frame.text
    }

    @Test func emptyForm() {
        #expect(Self.render(RegistrationViewModel.State()) == [
            " 新規登録",
            "",
            " ログインID: ▏",
            "",
            "",
            " パスワード:",
            "",
            "",
            " パスワード(確認):",
            "",
            "",
            " 空欄があります",
            "",
            " [ 登録 ]",
            "",
            " Tab/↑↓ 移動  Enter 次へ/登録  Esc 戻る",
        ].joined(separator: "\n"))
    }

    @Test func invalidFormShowsMessages() {
        let state = RegistrationViewModel.State(form: RegistrationForm(loginID: "ab", password: "abc", passwordConfirmation: "abd"))
        var ui = RegistrationUI()
        ui.focus = .password
        #expect(Self.render(state, ui: ui) == [
            " 新規登録",
            "",
            " ログインID: ab",
            "",
            "",
            " パスワード: •••▏",
            "   パスワードは8文字以上で、英字と数字を含めてください",
            "",
            " パスワード(確認): •••",
            "   パスワードが確認用と一致していません",
            "",
            " パスワードは8文字以上で、英字と数字を含めてください",
            "",
            " [ 登録 ]",
            "",
            " Tab/↑↓ 移動  Enter 次へ/登録  Esc 戻る",
        ].joined(separator: "\n"))
    }

    @Test func validFormAndAlert() {
        var state = RegistrationViewModel.State(form: RegistrationForm(loginID: "yamada_taro", password: "Passw0rd!", passwordConfirmation: "Passw0rd!"))
        var ui = RegistrationUI()
        ui.focus = .submit
        #expect(Self.render(state, ui: ui) == [
            " 新規登録",
            "",
            " ログインID: yamada_taro",
            "",
            "",
            " パスワード: •••••••••",
            "",
            "",
            " パスワード(確認): •••••••••",
            "",
            "",
            " 登録可能です",
            "",
            " [ 登録 ]",
            "",
            " Tab/↑↓ 移動  Enter 次へ/登録  Esc 戻る",
        ].joined(separator: "\n"))
        state.navigation.present(Alert(ErrorPresentation(title: "登録", message: "通信エラー", isRetryable: true), dismiss: .navigation(.dismiss), retry: .retryTapped))
        #expect(Self.render(state, ui: ui) == [
            " 新規登録",
            "",
            " ログインID: yamada_taro",
            "",
            "",
            " パスワード: ••••••••• ┌─ 登録 ─────────┐",
            "                       │ 通信エラー     │",
            "                       │                │",
            " パスワード(確認): ••••│ n OK  y 再試行 │",
            "                       └────────────────┘",
            "",
            " 登録可能です",
            "",
            " [ 登録 ]",
            "",
            " Tab/↑↓ 移動  Enter 次へ/登録  Esc 戻る",
        ].joined(separator: "\n"))
    }

    /// The same screen for an English reader: no Japanese left (the form's own words).
    @Test func emptyFormInEnglish() {
        #expect(Self.render(RegistrationViewModel.State(), language: .english) == [
            " Sign up",
            "",
            " Login ID: ▏",
            "",
            "",
            " Password:",
            "",
            "",
            " Confirm password:",
            "",
            "",
            " A field is blank",
            "",
            " [ Register ]",
            "",
            " Tab/↑↓ Move  Enter Next/Submit  Esc Back",
        ].joined(separator: "\n"))
    }

    /// Article 001's colours: 登録可能です in green, 空欄があります in red.
    @Test func theSummaryIsGreenWhenReadyAndRedOtherwise() {
        var frame = Frame(width: 64, height: 16)
        frame.language = .japanese
        RegistrationView.render(RegistrationViewModel.State(), ui: RegistrationUI(), into: &frame)
        #expect(frame[11, 1].style.foreground == .red)
        let ready = RegistrationViewModel.State(form: RegistrationForm(loginID: "yamada_taro", password: "Passw0rd!", passwordConfirmation: "Passw0rd!"))
        RegistrationView.render(ready, ui: RegistrationUI(), into: &frame)
        #expect(frame.text.contains("登録可能です"))
        #expect(frame[11, 1].style.foreground == .green)
    }
}
