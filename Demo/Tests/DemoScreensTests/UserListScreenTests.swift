import MVVMTesting
import Foundation
import AppFeature
import DemoScreens
import MVVMCore
import MVVMTerminal
import Testing
import UserListFeature

@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct UserListScreenTests {
    let viewModel = UserListViewModel(repository: PendingUserRepository(), records: unsentRecords())
    let app: AppViewModel

    init() throws {
        app = try pendingApp(path: "users")
    }

    static let twoUsers = [User(id: 1, name: "Ann", email: "ann@example.com", isActive: true),
                           User(id: 2, name: "Bob", email: "bob@example.com", isActive: false)]

    /// A list screen showing ``twoUsers``, appeared as the app shows it; the test makes it
    /// disappear.
    private func listShowingTwoUsers() async -> (UserListViewModel, UserListScreen) {
        let viewModel = UserListViewModel(repository: OnePageUserRepository(users: Self.twoUsers), records: unsentRecords())
        let screen = UserListScreen(viewModel: viewModel)
        screen.didAppear()
        #expect(await settle { viewModel.state.visibleUsers == Self.twoUsers })
        return (viewModel, screen)
    }

    @Test func searchFieldTakesTextUntilEscape() {
        let screen = UserListScreen(viewModel: viewModel)
        screen.didAppear()   // as the app does when it shows the screen
        defer { screen.willDisappear() }
        #expect(screen.handle(.character("/")) == nil)
        #expect(screen.ui.isSearchFocused)
        for key: Key in [.character("山"), .character("田"), .character("x"), .backspace] {
            _ = screen.handle(key)
        }
        #expect(viewModel.state.searchText == "山田")
        _ = screen.handle(.escape)
        #expect(!screen.ui.isSearchFocused)
        guard case .pop? = screen.handle(.character("q")) else { Issue.record("q should go back"); return }
    }

    @Test func deleteAsksForConfirmationAndCancels() async {
        let users = Self.twoUsers
        let (viewModel, screen) = await listShowingTwoUsers()
        defer { screen.willDisappear() }
        _ = screen.handle(.character("d"))
        #expect(viewModel.state.navigation.modal == .deleteConfirmation(of: users[0]))
        #expect(screen.handle(.character("q")) == nil, "keys go to the dialog while it shows")
        #expect(viewModel.state.navigation.modal == .deleteConfirmation(of: users[0]))
        _ = screen.handle(.character("n"))
        #expect(viewModel.state.navigation.modal == nil)
        #expect(viewModel.state.pendingRowIDs.isEmpty)
        #expect(viewModel.state.visibleUsers == users)
    }

    /// Only the key drawn beside Delete deletes: a second `d` (a double tap), Enter, `1`, or a
    /// paste holding `y` deletes nothing (issue 41, N6).
    @Test func onlyTheDrawnKeyDeletes() async {
        let users = Self.twoUsers
        let (viewModel, screen) = await listShowingTwoUsers()
        defer { screen.willDisappear() }
        _ = screen.handle(.character("d"))
        #expect(viewModel.state.navigation.modal == .deleteConfirmation(of: users[0]))
        for key: Key in [.character("d"), .character("d"), .character("1"), .paste("y"), .paste("y\n"), .character("D")] {
            _ = screen.handle(key)
            #expect(viewModel.state.navigation.modal == .deleteConfirmation(of: users[0]), "\(key) answered the confirmation")
            #expect(viewModel.state.pendingRowIDs.isEmpty, "\(key) deleted")
        }
        _ = screen.handle(.enter)
        #expect(viewModel.state.navigation.modal == nil, "Enter presses Cancel, the button that is not destructive")
        #expect(viewModel.state.pendingRowIDs.isEmpty)
        #expect(viewModel.state.visibleUsers == users)
        _ = screen.handle(.character("d"))
        _ = screen.handle(.character("y"))
        #expect(viewModel.state.navigation.modal == nil)
        #expect(viewModel.state.pending(users[0].id) == .deleting, "y, drawn beside Delete, deletes")
        #expect(viewModel.state.pendingRowIDs == [users[0].id])
        #expect(await settle { viewModel.state.visibleUsers == [users[1]] }, "the row goes once the delete is on disk")
    }

    @Test func aPasteInTheSearchFieldIsTextOnOneLine() {
        let screen = UserListScreen(viewModel: viewModel)
        screen.didAppear()
        defer { screen.willDisappear() }
        _ = screen.handle(.character("/"))
        _ = screen.handle(.paste("山田\n"))
        _ = screen.handle(.paste("\u{1B}[2Jx"))
        #expect(viewModel.state.searchText == "山田\u{FFFD}[2Jx")
        #expect(screen.ui.isSearchFocused, "the paste's line break is not Enter")
    }

    @Test func enterOpensTheSelectedRowAndTheListTellsItsParent() async {
        let (viewModel, screen) = await listShowingTwoUsers()
        defer { screen.willDisappear() }
        var said: [UserListViewModel.Delegate] = []
        viewModel.delegate.connect { said.append($0) }
        _ = screen.handle(.down)
        #expect(screen.handle(.enter) == nil)
        #expect(said == [.userOpened(id: 2)], "the list holds no app: it tells whoever made it")
    }

    /// Article 000's filter sheet: フィルター, 表示するユーザーを選択, each status with a check on
    /// the current one, and キャンセル.
    @Test func filterKeyOpensTheArticlesSheet() {
        let screen = UserListScreen(viewModel: viewModel)
        screen.didAppear()   // as the app does when it shows the screen
        defer { screen.willDisappear() }
        _ = screen.handle(.character("f"))
        var frame = Frame.japanese(width: 50, height: 12)
        screen.render(into: &frame)
        for text in ["フィルター", "表示するユーザーを選択", "1 ✓ すべて", "2   有効", "3   無効", "n キャンセル"] {
            #expect(frame.text.contains(text), "\(text)")
        }
        _ = screen.handle(.character("2"))
        #expect(viewModel.state.filter == .active)
        #expect(viewModel.state.navigation.modal == nil, "a choice closes the sheet")
        _ = screen.handle(.character("f"))
        screen.render(into: &frame)
        #expect(frame.text.contains("2 ✓ 有効"), "the current one is checked")
        _ = screen.handle(.enter)
        #expect(viewModel.state.filter == .active, "Enter keeps the choice in force")
        #expect(viewModel.state.navigation.modal == nil)
        _ = screen.handle(.character("f"))
        _ = screen.handle(.character("i"))
        #expect(viewModel.state.navigation.modal != nil, "a letter chooses nothing on a set of choices")
        _ = screen.handle(.character("n"))
        #expect(viewModel.state.filter == .active, "キャンセル changes nothing")
        #expect(viewModel.state.navigation.modal == nil)
        var english = Frame(width: 50, height: 12)
        _ = screen.handle(.character("f"))
        screen.render(into: &english)
        for text in ["Filter", "Choose which users to show", "1   All", "2 ✓ Active", "3   Inactive", "n Cancel"] {
            #expect(english.text.contains(text), "\(text)")
        }
        #expect(!english.text.contains("フィルター"), "one language on a screen")
    }

    @Test func keysOnTheListToggleRefreshAndClimbIntoTheSearchField() async {
        let (viewModel, screen) = await listShowingTwoUsers()
        defer { screen.willDisappear() }
        var frame = Frame.japanese(width: 50, height: 10)
        screen.render(into: &frame)
        #expect(frame.line(4) == " A  ● Ann  <ann@example.com>")
        #expect(frame.line(5) == " B  ● Bob  <bob@example.com>")
        #expect(frame[4, 4].style.foreground == .green, "article 000's dot: green when active")
        #expect(frame[5, 4].style.foreground == .rgb(red: 128, green: 128, blue: 128), "grey when not")

        _ = screen.handle(.end)
        _ = screen.handle(.character("t"))
        #expect(viewModel.state.pendingRowIDs == [2], "marked pending at once")
        #expect(viewModel.state.pending(2) == .saving)
        #expect(!viewModel.state.visibleUsers[1].isActive, "not shown before it is on disk")
        screen.render(into: &frame)
        #expect(frame.line(5) == " B  ● Bob  <bob@example.com> …")
        #expect(await settle { viewModel.state.visibleUsers[1].isActive }, "the toggle shows once on disk")
        #expect(viewModel.state.pendingRowIDs == [2])
        #expect(viewModel.state.pending(2) == .saving)
        screen.render(into: &frame)
        #expect(frame.line(5) == " B  ● Bob  <bob@example.com> …")

        _ = screen.handle(.character("r"))
        #expect(viewModel.state.isRefreshing)
        _ = screen.handle(.home)
        _ = screen.handle(.up)
        #expect(screen.ui.isSearchFocused, "up from the first row goes to the search field")
        _ = screen.handle(.character("A"))
        _ = screen.handle(.control("u"))
        #expect(viewModel.state.searchText == "")
        _ = screen.handle(.down)
        #expect(!screen.ui.isSearchFocused)
        #expect(screen.ui.selection == 0)
    }
}
