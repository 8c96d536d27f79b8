public import MVVMCore

/// Every text the registration screen shows, in Japanese (article 001's words, exactly, where
/// it has them) and English.
public enum RegistrationText {
    // MARK: - Validation (article 001's ValidationResult; green when ready, red otherwise)

    /// A field is empty: the article's "空欄があります" (red).
    public static let blank = LocalizedText([.japanese: "空欄があります", .english: "A field is blank"])
    /// The confirmation differs: the article's "パスワードが確認用と一致していません" (red).
    public static let passwordMismatch = LocalizedText([
        .japanese: "パスワードが確認用と一致していません", .english: "The password does not match its confirmation",
    ])
    /// Every rule passes: the article's "登録可能です" (green).
    public static let ready = LocalizedText([.japanese: "登録可能です", .english: "Ready to register"])
    /// An ID with an @ that is no email address (a rule stricter than the article's).
    public static let invalidEmail = LocalizedText([
        .japanese: "メールアドレスの形式が正しくありません", .english: "This is not a valid email address",
    ])
    /// A password too weak (a rule stricter than the article's).
    public static let weakPassword = LocalizedText([
        .japanese: "パスワードは8文字以上で、英字と数字を含めてください",
        .english: "Use at least 8 characters, with letters and digits",
    ])
    /// The server already has the ID.
    public static let loginIDTaken = LocalizedText([.japanese: "このIDは既に使われています", .english: "This ID is already taken"])

    // MARK: - The form

    /// The screen's title.
    public static let title = LocalizedText([.japanese: "新規登録", .english: "Sign up"])
    /// The login ID field's label.
    public static let loginIDLabel = LocalizedText([.japanese: "ログインID: ", .english: "Login ID: "])
    /// The password field's label.
    public static let passwordLabel = LocalizedText([.japanese: "パスワード: ", .english: "Password: "])
    /// The confirmation field's label.
    public static let passwordConfirmationLabel = LocalizedText([.japanese: "パスワード(確認): ", .english: "Confirm password: "])
    /// The submit button.
    public static let submit = LocalizedText([.japanese: "登録", .english: "Register"])
    /// The request is in flight.
    public static let sending = LocalizedText([.japanese: "送信中…", .english: "Sending…"])

    // MARK: - The success alert (article 001's registerButtonTapped)

    /// Its title: the article's "登録！".
    public static let registered = LocalizedText([.japanese: "登録！", .english: "Registered!"])
    /// Its message: the ID registered.
    public static func registeredMessage(loginID: String) -> LocalizedText {
        LocalizedText([.japanese: "ログインID: \(loginID)", .english: "Login ID: \(loginID)"])
    }
    /// Its button: the article's "ok".
    public static let ok = LocalizedText([.japanese: "ok", .english: "OK"])

    // MARK: - Errors

    /// The alerts' title.
    public static let errorTitle = LocalizedText([.japanese: "会員登録", .english: "Sign up"])
    /// The server refused what was entered.
    public static let rejected = LocalizedText([
        .japanese: "入力内容を登録できませんでした。内容を確認してください。",
        .english: "What you entered could not be registered. Please check it.",
    ])
    /// The answer could not be read.
    public static let invalidData = LocalizedText([
        .japanese: "サーバーの応答を読み取れませんでした", .english: "The server's answer could not be read",
    ])

    // MARK: - Key hints

    /// The status bar's hints.
    public static let hints: [LocalizedText] = [
        LocalizedText([.japanese: "Tab/↑↓ 移動", .english: "Tab/↑↓ Move"]),
        LocalizedText([.japanese: "Enter 次へ/登録", .english: "Enter Next/Submit"]),
        LocalizedText([.japanese: "Esc 戻る", .english: "Esc Back"]),
    ]
}
