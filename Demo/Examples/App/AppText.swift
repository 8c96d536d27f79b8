public import MVVMCore

/// Every text the app's own screens show (the home menu, a screen that is gone), in Japanese
/// and English.
public enum AppText {
    /// The home screen's title: the product's name, the same in both.
    public static let title: LocalizedText = "swift-mvvm demo"

    /// The menu's entry for `destination`.
    public static func menuTitle(of destination: AppDestination) -> LocalizedText {
        switch destination {
        case .users, .user: LocalizedText([.japanese: "ユーザー一覧", .english: "User list"])
        case .registration: LocalizedText([.japanese: "新規登録", .english: "Registration"])
        case .weather, .city: LocalizedText([.japanese: "天気予報", .english: "Weather"])
        }
    }

    /// The menu's last entry.
    public static let quit = LocalizedText([.japanese: "終了", .english: "Quit"])

    /// The home screen's key hints.
    public static let homeHints: [LocalizedText] = [
        LocalizedText([.japanese: "↑↓ 移動", .english: "↑↓ Move"]),
        LocalizedText([.japanese: "Enter 開く", .english: "Enter Open"]),
        LocalizedText([.japanese: "q 終了", .english: "q Quit"]),
        LocalizedText([.japanese: "Ctrl-C 終了", .english: "Ctrl-C Quit"]),
    ]

    /// The home screen's notice when the cache folder cannot be written.
    public static let unsavedNotice = LocalizedText([
        .japanese: "保存先に書き込めません。終了すると、開いていた画面と入力した内容は戻りません。",
        .english: "The cache folder can't be written: the screens open and what you typed won't come back after you quit.",
    ])

    /// Every other screen's mark, at the top right, when the cache folder cannot be written: the
    /// home screen's notice in short (a session restored over a read-only folder opens on
    /// another screen).
    public static let unsavedMark = LocalizedText([.japanese: "保存できません", .english: "not saved"])

    /// `q` goes back.
    public static let backHint = LocalizedText([.japanese: "q 戻る", .english: "q Back"])
}
