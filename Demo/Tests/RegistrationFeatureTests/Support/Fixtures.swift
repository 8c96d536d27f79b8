import MVVMCore
import RegistrationFeature

/// The texts and values the tests expect, written out: a changed message fails a test.
enum Fixture {
    /// Article 001's words in Japanese, exactly, and ours in English.
    static let blank = FormSummary(text: LocalizedText([.japanese: "空欄があります", .english: "A field is blank"]), isOK: false)
    static let mismatch = FormSummary(
        text: LocalizedText([.japanese: "パスワードが確認用と一致していません", .english: "The password does not match its confirmation"]), isOK: false
    )
    static let ready = FormSummary(text: LocalizedText([.japanese: "登録可能です", .english: "Ready to register"]), isOK: true)
    static let invalidEmail = LocalizedText([.japanese: "メールアドレスの形式が正しくありません", .english: "This is not a valid email address"])
    static let weakPassword = LocalizedText([
        .japanese: "パスワードは8文字以上で、英字と数字を含めてください", .english: "Use at least 8 characters, with letters and digits",
    ])
    static let taken = LocalizedText([.japanese: "このIDは既に使われています", .english: "This ID is already taken"])

    /// Article 001's success alert: 登録！ and ok.
    static let registeredAlert = Alert<RegistrationViewModel.Event>(
        title: LocalizedText([.japanese: "登録！", .english: "Registered!"]),
        message: LocalizedText([.japanese: "ログインID: mika@example.jp", .english: "Login ID: mika@example.jp"]),
        buttons: [AlertButton(LocalizedText([.japanese: "ok", .english: "OK"]), role: .cancel, sends: .navigation(.dismiss))]
    )

    static let loginID = "mika@example.jp"
    static let password = "secret123"
    static let registration = Registration(loginID: "mika@example.jp", registeredAt: "2024-10-01T00:00:01Z")
    static let request = RegistrationRequest(loginID: "mika@example.jp", password: "secret123")

    static let alertTitle = LocalizedText([.japanese: "会員登録", .english: "Sign up"])
    static let serverAlert = ErrorPresentation(
        title: alertTitle,
        message: LocalizedText([
            .japanese: "サーバーエラーが発生しました。しばらくしてから、もう一度お試しください。",
            .english: "The server failed. Please try again later.",
        ]),
        isRetryable: true
    )
    static let offlineAlert = ErrorPresentation(
        title: alertTitle,
        message: LocalizedText([
            .japanese: "ネットワークエラー: サーバーに接続できません", .english: "Network error: the server cannot be reached",
        ]),
        isRetryable: true
    )
}
