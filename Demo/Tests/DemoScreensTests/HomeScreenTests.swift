import MVVMTestSupport
import AppFeature
import DemoScreens
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import MVVMTerminal
import Testing

@MainActor
struct HomeScreenTests {
    let app: AppViewModel

    init() throws {
        app = try pendingApp()
    }

    func home() -> HomeScreen {
        HomeScreen(app: app)
    }

    @Test func rendersTheMenuWithKeyHelp() {
        var frame = Frame(width: 42, height: 7)
        home().render(into: &frame)
        #expect(frame.text == [
            " swift-mvvm demo",
            "",
            "   User list",
            "   Registration",
            "   Weather",
            "   Quit",
            " ↑↓ Move  Enter Open  q Quit  Ctrl-C Quit",
        ].joined(separator: "\n"))
        #expect(frame[2, 1].style.inverse)
    }

    @Test func anAccountsHomeNamesItAndOffersToSignOutInJapanese() async throws {
        let app = try pendingApp(account: "mika")
        let home = HomeScreen(app: app)
        var frame = Frame.japanese(width: 44, height: 8)
        home.render(into: &frame)
        #expect(frame.text == [
            " swift-mvvm demo",
            " ログイン中: mika",
            "   ユーザー一覧",
            "   新規登録",
            "   天気予報",
            "   ログアウト",
            "   終了",
            " ↑↓ 移動  Enter 開く  q 終了  Ctrl-C 終了",
        ].joined(separator: "\n"))
        for _ in 0..<3 { _ = home.handle(.down) }
        #expect(home.handle(.enter) == nil)   // Sign out: asked, never at once
        #expect(await settle { app.state.navigation.modal != nil })
        #expect(app.state.navigation.modal?.message == AppText.signOutQuestion(unsent: 0))
        #expect(home.handle(.character("n")) == nil)   // the question's Cancel
        #expect(app.state.navigation.modal == nil)
        #expect(app.state.account == "mika")
    }

    @Test func saysWhenWhereTheUserIsCannotBeSaved() throws {
        let folder = try TemporaryFolder()
        let blocked = folder.url.appending(path: "blocked")
        try Data().write(to: blocked)   // a file where the folder should be
        let app = try Dependencies.with { $0.sharedValues = SharedValues(directory: blocked) } operation: { try pendingApp() }
        var frame = Frame(width: 42, height: 12)
        HomeScreen(app: app).render(into: &frame)
        #expect(frame.text == [
            " swift-mvvm demo",
            "",
            "   User list",
            "   Registration",
            "   Weather",
            "   Quit",
            "",
            " The cache folder can't be written: the",
            " screens open and what you typed won't",
            " come back after you quit.",
            "",
            " ↑↓ Move  Enter Open  q Quit  Ctrl-C Quit",
        ].joined(separator: "\n"))
        #expect(frame[7, 1].style.foreground == .yellow)
    }

    @Test func keysMoveOpenAndQuit() {
        let screen = home()
        #expect(screen.handle(.up) == nil)
        #expect(screen.selection == 0)
        #expect(screen.handle(.enter) == nil)
        #expect(app.state.navigation.stack == [.users], "Enter opens the user list")
        app.send(.navigation(.back))
        _ = screen.handle(.down)
        _ = screen.handle(.down)
        #expect(screen.handle(.enter) == nil)
        #expect(app.state.navigation.stack == [.weather])
        app.send(.navigation(.back))
        _ = screen.handle(.down)
        _ = screen.handle(.down)
        #expect(screen.selection == 3)
        guard case .quit? = screen.handle(.enter) else { Issue.record("Quit should quit"); return }
        guard case .quit? = screen.handle(.character("q")) else { Issue.record("q should quit"); return }
    }
}
