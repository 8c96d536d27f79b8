import MVVMCore
import RegistrationFeature

/// The texts and values the tests expect, written out: a changed message fails a test.
enum Fixture {
    static let blank = RegistrationSummary(text: "空欄があります", isOK: false)
    static let mismatch = RegistrationSummary(text: "パスワードが確認用と一致していません", isOK: false)
    static let ready = RegistrationSummary(text: "登録可能です", isOK: true)
    static let invalidEmail = "メールアドレスの形式が正しくありません"
    static let weakPassword = "パスワードは8文字以上で、英字と数字を含めてください"
    static let taken = "このIDは既に使われています"

    static let loginID = "mika@example.jp"
    static let password = "secret123"
    static let registration = Registration(loginID: "mika@example.jp", registeredAt: "2024-10-01T00:00:01Z")
    static let request = RegistrationRequest(loginID: "mika@example.jp", password: "secret123")

    static let serverAlert = ErrorPresentation(
        title: "会員登録",
        message: "サーバーで問題が発生しました。しばらくしてから、もう一度お試しください。",
        isRetryable: true
    )
    static let offlineAlert = ErrorPresentation(
        title: "会員登録",
        message: "サーバーに接続できません。接続を確認して、もう一度お試しください。",
        isRetryable: true
    )
}
