public import MVVMCore

/// Every text the sign-in screen shows, in Japanese and English.
public enum SignInText {
    /// The screen's title, and the errors' alerts'.
    public static let title = LocalizedText([.japanese: "ログイン", .english: "Sign in"])
    /// The submit button.
    public static let submit = LocalizedText([.japanese: "ログイン", .english: "Sign in"])
    /// A field is empty (red), as the registration form says it.
    public static let blank = LocalizedText([.japanese: "空欄があります", .english: "A field is blank"])
    /// Both fields are filled in (green).
    public static let ready = LocalizedText([.japanese: "ログインできます", .english: "Ready to sign in"])
    /// The server knows no such login id and password (red, under the form).
    public static let wrongCredentials = LocalizedText([
        .japanese: "ログインIDまたはパスワードが正しくありません", .english: "The login ID or the password is wrong",
    ])
    /// The server refused what was sent.
    public static let rejected = LocalizedText([
        .japanese: "入力内容でログインできませんでした。内容を確認してください。",
        .english: "You could not be signed in with what you entered. Please check it.",
    ])
    /// The answer could not be read.
    public static let invalidData = LocalizedText([
        .japanese: "サーバーの応答を読み取れませんでした", .english: "The server's answer could not be read",
    ])
    /// The session could not be kept on the device.
    public static let notKept = LocalizedText([
        .japanese: "ログイン情報をこの端末に保存できませんでした", .english: "The session could not be kept on this device",
    ])
    /// The request is in flight.
    public static let sending = LocalizedText([.japanese: "ログイン中…", .english: "Signing in…"])

    /// Why the screen shows after the server refused `account`'s session: its changes wait.
    public static func expired(account: String) -> LocalizedText {
        LocalizedText([
            .japanese: "\(account) のログインの有効期限が切れました。もう一度ログインしてください。未送信の変更はログイン後に送信されます。",
            .english: "\(account)'s session has expired. Please sign in again: changes not yet sent will be sent then.",
        ])
    }

    /// What a newcomer can sign in as: the demo server's own account.
    public static func demoAccount(loginID: String, password: String) -> LocalizedText {
        LocalizedText([
            .japanese: "デモ用アカウント: \(loginID) / \(password)", .english: "The demo account: \(loginID) / \(password)",
        ])
    }

    /// The status bar's hints.
    public static let hints: [LocalizedText] = [
        LocalizedText([.japanese: "Tab/↑↓ 移動", .english: "Tab/↑↓ Move"]),
        LocalizedText([.japanese: "Enter 次へ/ログイン", .english: "Enter Next/Sign in"]),
        LocalizedText([.japanese: "Ctrl-C 終了", .english: "Ctrl-C Quit"]),
    ]
}
