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

    /// The menu's sign-out entry, and the question's button.
    public static let signOut = LocalizedText([.japanese: "ログアウト", .english: "Sign out"])

    /// The question's cancel button.
    public static let cancel = LocalizedText([.japanese: "キャンセル", .english: "Cancel"])

    /// The home screen's line naming the account signed in.
    public static func signedIn(as account: String) -> LocalizedText {
        LocalizedText([.japanese: "ログイン中: \(account)", .english: "Signed in as \(account)"])
    }

    /// The sign-out question: how many changes are not yet sent (`nil`: they could not be
    /// counted), which signing out removes from the device with the rest of the account's data.
    public static func signOutQuestion(unsent: Int?) -> LocalizedText {
        switch unsent {
        case 0?:
            LocalizedText([
                .japanese: "ログアウトすると、このアカウントのデータはこの端末から削除されます。",
                .english: "Signing out removes this account's data from this device.",
            ])
        case 1?:
            LocalizedText([
                .japanese: "未送信の変更が 1 件あります。ログアウトすると、送信されずに削除されます。",
                .english: "1 change not yet sent. Signing out deletes it without sending it.",
            ])
        case let count?:
            LocalizedText([
                .japanese: "未送信の変更が \(count) 件あります。ログアウトすると、送信されずに削除されます。",
                .english: "\(count) changes not yet sent. Signing out deletes them without sending them.",
            ])
        case nil:
            LocalizedText([
                .japanese: "未送信の変更を確認できませんでした。ログアウトすると、送信されずに削除されます。",
                .english: "Changes not yet sent could not be counted. Signing out deletes them without sending them.",
            ])
        }
    }

    /// `q` goes back.
    public static let backHint = LocalizedText([.japanese: "q 戻る", .english: "q Back"])
}
