public import MVVMCore

/// Every text the user list and the user detail show, in Japanese (article 000's words, exactly,
/// where it has them) and English: the ViewModels put these in state, the screens draw them in
/// the user's language. Nothing a person reads is written anywhere else in the feature.
public enum UserListText {
    // MARK: - The list (article 000's UserListViewController)

    /// The title before the active count is known: ユーザー.
    public static let title = LocalizedText([.japanese: "ユーザー", .english: "Users"])

    /// The title with the active count. The article's is `ユーザー (\(count))`, whose number is
    /// the active users; ours says so.
    public static func title(activeCount: Int) -> LocalizedText {
        LocalizedText([.japanese: "ユーザー (有効 \(activeCount))", .english: "Users (\(activeCount) active)"])
    }

    /// The search field's placeholder (the article's `searchBar.placeholder`).
    public static let searchPlaceholder = LocalizedText([.japanese: "ユーザーを検索", .english: "Search users"])
    /// The search field's label.
    public static let searchLabel = LocalizedText([.japanese: "検索: ", .english: "Search: "])
    /// What the list shows when nothing matches (the article's "データが見つかりませんでした").
    public static let empty = LocalizedText([.japanese: "データが見つかりませんでした", .english: "No users found"])
    /// The first page is loading.
    public static let loading = LocalizedText([.japanese: "読み込み中…", .english: "Loading…"])
    /// A further page is loading.
    public static let loadingMore = LocalizedText([.japanese: "さらに読み込み中…", .english: "Loading more…"])
    /// A pull to refresh is in flight.
    public static let refreshing = LocalizedText([.japanese: "更新中…", .english: "Refreshing…"])
    /// The users an earlier version saved are being prepared for search, once after an update:
    /// how far, in percent.
    public static func preparing(percent: Int) -> LocalizedText {
        LocalizedText([.japanese: "保存済みのユーザーを準備中… \(percent)%", .english: "Preparing saved users… \(percent)%"])
    }

    // MARK: - The filter sheet (the article's action sheet)

    /// The sheet's title.
    public static let filterTitle = LocalizedText([.japanese: "フィルター", .english: "Filter"])
    /// The sheet's message.
    public static let filterMessage = LocalizedText([.japanese: "表示するユーザーを選択", .english: "Choose which users to show"])

    /// An option of the filter sheet.
    public static func filter(_ filter: UserFilter) -> LocalizedText {
        switch filter {
        case .all: LocalizedText([.japanese: "すべて", .english: "All"])
        case .active: LocalizedText([.japanese: "有効", .english: "Active"])
        case .inactive: LocalizedText([.japanese: "無効", .english: "Inactive"])
        }
    }

    // MARK: - Row actions (the article's swipe actions)

    /// The delete action: 削除.
    public static let delete = LocalizedText([.japanese: "削除", .english: "Delete"])
    /// The toggle action for a user who is `isActive`: 無効化 for an active one, 有効化 for an
    /// inactive one.
    public static func toggle(isActive: Bool) -> LocalizedText {
        isActive
            ? LocalizedText([.japanese: "無効化", .english: "Deactivate"])
            : LocalizedText([.japanese: "有効化", .english: "Activate"])
    }
    /// The question before a delete.
    public static func deleteQuestion(name: String) -> LocalizedText {
        LocalizedText([.japanese: "\(name)を削除しますか？", .english: "Delete \(name)?"])
    }

    // MARK: - The detail

    /// The detail's heading before the user is loaded.
    public static func userNumber(_ id: Int) -> LocalizedText {
        LocalizedText([.japanese: "ユーザー \(id)", .english: "User \(id)"])
    }
    /// The detail's field labels.
    public static let idLabel = LocalizedText([.japanese: "ID", .english: "ID"])
    /// The name's label.
    public static let nameLabel = LocalizedText([.japanese: "名前", .english: "Name"])
    /// The email's label.
    public static let emailLabel = LocalizedText([.japanese: "メール", .english: "Email"])
    /// The status's label.
    public static let statusLabel = LocalizedText([.japanese: "状態", .english: "Status"])
    /// The picture's label.
    public static let avatarLabel = LocalizedText([.japanese: "画像", .english: "Avatar"])
    /// A user's status.
    public static func status(isActive: Bool) -> LocalizedText {
        isActive ? LocalizedText([.japanese: "有効", .english: "active"]) : LocalizedText([.japanese: "無効", .english: "inactive"])
    }
    /// A write of the user waits for the server.
    public static let saving = LocalizedText([.japanese: "保存中…", .english: "Saving…"])
    /// A delete of the user waits for the server.
    public static let deleting = LocalizedText([.japanese: "削除中…", .english: "Deleting…"])
    /// A write's send failed and will be tried again.
    public static let retrying = LocalizedText([
        .japanese: "保存中…（接続できません。まもなく再送します）", .english: "Saving… (no connection: sent again soon)",
    ])
    /// The picture's states.
    public static let avatarLoading = LocalizedText([.japanese: "読み込み中…", .english: "loading…"])
    /// The picture could not be loaded.
    public static let avatarFailed = LocalizedText([.japanese: "読み込めませんでした", .english: "could not load"])
    /// The user has no picture.
    public static let avatarNone = LocalizedText([.japanese: "なし", .english: "none"])

    // MARK: - Errors (article 000's ViewModelError, by kind, with the status code)

    /// The record is gone: the article's "データが見つかりませんでした".
    public static let notFound = LocalizedText([.japanese: "データが見つかりませんでした", .english: "No data was found"])
    /// Not allowed: the article's "認証が必要です".
    public static let unauthorized = LocalizedText([.japanese: "認証が必要です", .english: "Authentication is required"])
    /// A server failure: the article's "サーバーエラー (コード: 503)".
    public static func serverError(statusCode: Int) -> LocalizedText {
        LocalizedText([.japanese: "サーバーエラー (コード: \(statusCode))", .english: "Server error (code: \(statusCode))"])
    }
    /// The server's answer could not be read.
    public static let invalidData = LocalizedText([.japanese: "ユーザー情報を読み取れませんでした", .english: "The user data could not be read"])
    /// A change could not be kept on the device.
    public static let storage = LocalizedText([
        .japanese: "変更をこの端末に保存できませんでした。空き容量と保存先を確認してください。",
        .english: "The change could not be saved on this device. Check its free space and folder.",
    ])

    // MARK: - Key hints (the terminal's status bar)

    /// Hints while typing a search.
    public static let searchHints: [LocalizedText] = [
        LocalizedText([.japanese: "入力で検索", .english: "Type to search"]),
        LocalizedText([.japanese: "Enter/↓ 一覧へ", .english: "Enter/↓ List"]),
        LocalizedText([.japanese: "Esc 完了", .english: "Esc Done"]),
    ]
    /// `/` focuses the search field.
    public static let searchHint = LocalizedText([.japanese: "/ 検索", .english: "/ Search"])
    /// `f` opens the filter sheet.
    public static let filterHint = LocalizedText([.japanese: "f フィルター", .english: "f Filter"])
    /// `r` refreshes.
    public static let refreshHint = LocalizedText([.japanese: "r 更新", .english: "r Refresh"])
    /// `r` retries a failed load.
    public static let retryHint = LocalizedText([.japanese: "r 再試行", .english: "r Retry"])
    /// Enter opens the detail.
    public static let detailHint = LocalizedText([.japanese: "Enter 詳細", .english: "Enter Detail"])
    /// `t` toggles the selected user: the article's 無効化 or 有効化.
    public static func toggleHint(isActive: Bool) -> LocalizedText { "t \(toggle(isActive: isActive))" }
    /// `d` deletes the selected user: the article's 削除.
    public static let deleteHint: LocalizedText = "d \(delete)"
    /// After a failure's message: `r` retries.
    public static let retryInline = LocalizedText([.japanese: "（r: 再試行）", .english: "(r: retry)"])
    /// `q` goes back.
    public static let backHint = LocalizedText([.japanese: "q 戻る", .english: "q Back"])
}
