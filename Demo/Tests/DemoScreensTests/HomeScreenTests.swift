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
