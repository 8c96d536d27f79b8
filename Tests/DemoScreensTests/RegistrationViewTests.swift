import DemoScreens
import MVVMCore
import MVVMTerminal
import RegistrationFeature
import Testing

struct RegistrationViewTests {
    static func render(_ state: RegistrationViewModel.State, ui: RegistrationUI = RegistrationUI()) -> String {
        var frame = Frame(width: 64, height: 16)
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
            " Tab/↑↓ Move  Enter Next/Submit  Esc Back",
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
            " Tab/↑↓ Move  Enter Next/Submit  Esc Back",
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
            " Tab/↑↓ Move  Enter Next/Submit  Esc Back",
        ].joined(separator: "\n"))
        state.navigation.present(Alert(ErrorPresentation(title: "登録", message: "通信エラー", isRetryable: true), dismiss: .navigation(.dismiss), retry: .retryTapped))
        #expect(Self.render(state, ui: ui) == [
            " 新規登録",
            "",
            " ログインID: yamada_taro",
            "",
            "",
            " パスワード: ••••••••• ┌─ 登録 ────────┐",
            "                       │ 通信エラー    │",
            "                       │               │",
            " パスワード(確認): ••••│ n OK  y Retry │",
            "                       └───────────────┘",
            "",
            " 登録可能です",
            "",
            " [ 登録 ]",
            "",
            " Tab/↑↓ Move  Enter Next/Submit  Esc Back",
        ].joined(separator: "\n"))
    }
}
