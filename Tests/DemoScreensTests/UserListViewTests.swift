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
        var frame = Frame(width: 50, height: height)
        UserListView.render(state, ui: ui, into: &frame)
        return frame.text
    }

    @Test func aRefreshOverTheRowsShowsRefreshingAndKeepsTheRows() {
        var state = Self.loadedState()
        state.users.refresh = .loading
        state.isRefreshing = true
        #expect(Self.render(state, height: 9) == [
            " ユーザー (6543)",
            " Search: / to search",
            " [All]  Active   Inactive",
            " ⠋ Refreshing…",
            " 山 ● 山田 太郎  <taro@example.com>",
            " J  ○ �[2JEve  <eve@example.com>",
            " A  ● Ann  <ann@example.com>",
            "",
            " / Search  f Filter  r Refresh  t Toggle  d Delete",
        ].joined(separator: "\n"))
    }

    @Test func loading() {
        var state = UserListState()
        state.users.refresh = .loading
        #expect(Self.render(state) == [
            " ユーザー",
            " Search: / to search",
            " [All]  Active   Inactive",
            "",
            " ⠋ Loading…",
            "",
            "",
            "",
            "",
            " / Search  f Filter  r Refresh  t Toggle  d Delete",
        ].joined(separator: "\n"))
    }

    @Test func loaded() {
        var ui = UserListUI()
        ui.selection = 1
        #expect(Self.render(Self.loadedState(), ui: ui) == [
            " ユーザー (6543)",
            " Search: / to search",
            " [All]  Active   Inactive",
            "",
            " 山 ● 山田 太郎  <taro@example.com>",
            " J  ○ �[2JEve  <eve@example.com>",
            " A  ● Ann  <ann@example.com>",
            "",
            "",
            " / Search  f Filter  r Refresh  t Toggle  d Delete",
        ].joined(separator: "\n"))
    }

    @Test func empty() {
        #expect(Self.render(Self.loadedState([])) == [
            " ユーザー (6543)",
            " Search: / to search",
            " [All]  Active   Inactive",
            "",
            "",
            "",
            "                     No users",
            "",
            "",
            " / Search  f Filter  r Refresh  t Toggle  d Delete",
        ].joined(separator: "\n"))
    }

    @Test func searchFocused() {
        var state = Self.loadedState()
        state.searchText = "山田"
        var ui = UserListUI()
        ui.isSearchFocused = true
        #expect(Self.render(state, ui: ui, height: 8) == [
            " ユーザー (6543)",
            " Search: 山田▏",
            " [All]  Active   Inactive",
            "",
            " 山 ● 山田 太郎  <taro@example.com>",
            " J  ○ �[2JEve  <eve@example.com>",
            "",
            " Type to search  Enter/↓ List  Esc Done",
        ].joined(separator: "\n"))
    }

    @Test func alertAndConfirm() {
        var state = Self.loadedState()
        state.navigation.present(Alert(ErrorPresentation(title: "ユーザー", message: "通信エラー"), dismiss: .navigation(.dismiss)))
        #expect(Self.render(state) == [
            " ユーザー (6543)",
            " Search: / to search",
            " [All]  Active   I┌─ ユーザー ─┐",
            "                  │ 通信エラー │",
            " 山 ● 山田 太郎  <│            │om>",
            " J  ○ �[2JEve  <ev│ Enter OK   │",
            " A  ● Ann  <ann@ex└────────────┘",
            "",
            "",
            " / Search  f Filter  r Refresh  t Toggle  d Delete",
        ].joined(separator: "\n"))
        var confirming = Self.loadedState()
        confirming.navigation.present(.deleteConfirmation(of: Self.users[2]))
        #expect(Self.render(confirming) == [
            " ユーザー (6543)",
            " Search: / to search",
            " [All]  Active┌─ Delete ───────────┐",
            "              │ Delete Ann?        │",
            " 山 ● 山田 太 │                    │",
            " J  ○ �[2JEve │ y Delete  n Cancel │",
            " A  ● Ann  <an└────────────────────┘",
            "",
            "",
            " / Search  f Filter  r Refresh  t Toggle  d Delete",
        ].joined(separator: "\n"))
    }
}

extension UserListViewTests {
    @Test func escapeSequencesInUserDataNeverReachTheTerminal() {
        let users = [User(id: 9, name: "\u{1B}[2J\u{1B}]0;pwned\u{7}Mallory\u{202E}", email: "m@\u{1B}[31mexample.com", isActive: true)]
        var frame = Frame(width: 60, height: 10)
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
