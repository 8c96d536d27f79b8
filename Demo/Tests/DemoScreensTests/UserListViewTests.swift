import DemoScreens
import MVVMCore
import MVVMTerminal
import Testing
import UserListFeature

struct UserListViewTests {
    static let users = [
        User(id: 1, name: "山田 太郎", email: "taro@example.com", isActive: true),
        User(id: 2, name: "\u{1B}[2JEve", email: "eve@example.com", isActive: false),
        User(id: 3, name: "Ann", email: "ann@example.com", isActive: true),
    ]

    static func loadedState(_ users: [User] = users) -> UserListState {
        UserListState.loaded(users, active: 6543)
    }

    static func render(_ state: UserListState, ui: UserListUI = UserListUI(), height: Int = 10) -> String {
        var frame = Frame.japanese(width: 50, height: height)
        UserListView.render(state, ui: ui, into: &frame)
        return frame.text
    }

    @Test func aRefreshOverTheRowsShowsRefreshingAndKeepsTheRows() {
        var state = Self.loadedState()
        state.users.refresh = .loading
        state.users.refresh = .refreshing
        #expect(Self.render(state, height: 9) == [
            " ユーザー (有効 6543)",
            " 検索: ユーザーを検索",
            " フィルター: すべて",
            " ⠋ 更新中…",
            " 山 ● 山田 太郎  <taro@example.com>",
            " J  ● \u{FFFD}[2JEve  <eve@example.com>",
            " A  ● Ann  <ann@example.com>",
            "",
            " / 検索  f フィルター  r 更新  t 無効化  d 削除  E",
        ].joined(separator: "\n"))
    }

    /// Saved users an earlier version left are prepared for search (once, after an update): the
    /// list says how far, over the rows read so far.
    @Test func preparingSavedUsersSaysHowFar() {
        var state = Self.loadedState()
        state.users.indexingSavedRecords = 0.456
        #expect(Self.render(state, height: 9) == [
            " ユーザー (有効 6543)",
            " 検索: ユーザーを検索",
            " フィルター: すべて",
            " ⠋ 保存済みのユーザーを準備中… 45%",
            " 山 ● 山田 太郎  <taro@example.com>",
            " J  ● \u{FFFD}[2JEve  <eve@example.com>",
            " A  ● Ann  <ann@example.com>",
            "",
            " / 検索  f フィルター  r 更新  t 無効化  d 削除  E",
        ].joined(separator: "\n"))
    }

    @Test func loading() {
        var state = UserListState()
        state.users.refresh = .loading
        #expect(Self.render(state) == [
            " ユーザー",
            " 検索: ユーザーを検索",
            " フィルター: すべて",
            "",
            " ⠋ 読み込み中…",
            "",
            "",
            "",
            "",
            " / 検索  f フィルター  r 更新  q 戻る",
        ].joined(separator: "\n"))
    }

    @Test func loaded() {
        var ui = UserListUI()
        ui.selection = 1
        #expect(Self.render(Self.loadedState(), ui: ui) == [
            " ユーザー (有効 6543)",
            " 検索: ユーザーを検索",
            " フィルター: すべて",
            "",
            " 山 ● 山田 太郎  <taro@example.com>",
            " J  ● \u{FFFD}[2JEve  <eve@example.com>",
            " A  ● Ann  <ann@example.com>",
            "",
            "",
            " / 検索  f フィルター  r 更新  t 有効化  d 削除  E",
        ].joined(separator: "\n"))
    }

    @Test func empty() {
        #expect(Self.render(Self.loadedState([])) == [
            " ユーザー (有効 6543)",
            " 検索: ユーザーを検索",
            " フィルター: すべて",
            "",
            "",
            "",
            "           データが見つかりませんでした",
            "",
            "",
            " / 検索  f フィルター  r 更新  q 戻る",
        ].joined(separator: "\n"))
    }

    /// A search the device answered with nothing while the server could not be reached says
    /// that nothing matched, then why the server was not asked (issue 54: it said only
    /// "Network error", as if the search had failed). Without a search, the failure alone.
    @Test func anOfflineSearchWithNoMatchSaysNothingMatched() {
        var state = Self.loadedState([])
        state.users.refresh = .failed(ErrorPresentation(title: "E", message: "オフライン", isRetryable: true))
        state.searchText = "zzz"
        #expect(Self.render(state) == [
            " ユーザー (有効 6543)",
            " 検索: zzz",
            " フィルター: すべて",
            "",
            "",
            "",
            "           データが見つかりませんでした",
            "            オフライン  （r: 再試行）",
            "",
            " / 検索  f フィルター  r 更新  q 戻る",
        ].joined(separator: "\n"))
        state.searchText = ""
        #expect(Self.render(state).split(separator: "\n", omittingEmptySubsequences: false)[6] == "            オフライン  （r: 再試行）")
    }

    @Test func searchFocused() {
        var state = Self.loadedState()
        state.searchText = "山田"
        var ui = UserListUI()
        ui.isSearchFocused = true
        #expect(Self.render(state, ui: ui, height: 8) == [
            " ユーザー (有効 6543)",
            " 検索: 山田▏",
            " フィルター: すべて",
            "",
            " 山 ● 山田 太郎  <taro@example.com>",
            " J  ● \u{FFFD}[2JEve  <eve@example.com>",
            "",
            " 入力で検索  Enter/↓ 一覧へ  Esc 完了",
        ].joined(separator: "\n"))
    }

    @Test func alertAndConfirm() {
        var state = Self.loadedState()
        state.navigation.present(Alert(ErrorPresentation(title: "ユーザー", message: "通信エラー"), dismiss: .navigation(.dismiss)))
        #expect(Self.render(state) == [
            " ユーザー (有効 6543)",
            " 検索: ユーザーを検索",
            " フィルター: すべ ┌─ ユーザー ─┐",
            "                  │ 通信エラー │",
            " 山 ● 山田 太郎  <│            │om>",
            " J  ● \u{FFFD}[2JEve  <ev│ Enter OK   │",
            " A  ● Ann  <ann@ex└────────────┘",
            "",
            "",
            " / 検索  f フィルター  r 更新  t 無効化  d 削除  E",
        ].joined(separator: "\n"))
        var confirming = Self.loadedState()
        confirming.navigation.present(.deleteConfirmation(of: Self.users[2]))
        #expect(Self.render(confirming) == [
            " ユーザー (有効 6543)",
            " 検索: ユーザーを検索",
            " フィルター: ┌─ 削除 ───────────────┐",
            "             │ Annを削除しますか？  │",
            " 山 ● 山田 太│                      │",
            " J  ● \u{FFFD}[2JEve│ y 削除  n キャンセル │",
            " A  ● Ann  <a└──────────────────────┘",
            "",
            "",
            " / 検索  f フィルター  r 更新  t 無効化  d 削除  E",
        ].joined(separator: "\n"))
    }
}

extension UserListViewTests {
    @Test func escapeSequencesInUserDataNeverReachTheTerminal() {
        let users = [User(id: 9, name: "\u{1B}[2J\u{1B}]0;pwned\u{7}Mallory\u{202E}", email: "m@\u{1B}[31mexample.com", isActive: true)]
        var frame = Frame.japanese(width: 60, height: 10)
        UserListView.render(Self.loadedState(users), ui: UserListUI(), into: &frame)
        let output = String(decoding: FrameRenderer.render(from: nil, to: frame), as: UTF8.self)
        #expect(output.components(separatedBy: "\u{1B}[2J").count == 2, "only the renderer's own clear")
        #expect(!output.contains("\u{1B}]"))
        #expect(!output.contains("\u{7}"))
        #expect(!output.contains("\u{202E}"))
        #expect(!output.contains("\u{1B}[31m"))
        #expect(frame.line(4) == " J  ● �[2J�]0;pwned�Mallory�  <m@�[31mexample.com>")
    }
}
