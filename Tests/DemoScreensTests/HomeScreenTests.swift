import DemoScreens
import MVVMTerminal
import Testing

@MainActor
struct HomeScreenTests {
    final class Blank: Screen {
        func render(into frame: inout Frame) {}
        func handle(_ key: Key) -> ScreenAction? { nil }
    }

    func home() -> HomeScreen {
        HomeScreen(items: [
            .init(title: "User list") { Blank() },
            .init(title: "Weather") { Blank() },
            .init(title: "Quit", open: nil),
        ])
    }

    @Test func rendersTheMenuWithKeyHelp() {
        var frame = Frame(width: 42, height: 6)
        home().render(into: &frame)
        #expect(frame.text == [
            " swift-mvvm demo",
            "",
            "   User list",
            "   Weather",
            "   Quit",
            " ↑↓ Move  Enter Open  q Quit  Ctrl-C Quit",
        ].joined(separator: "\n"))
        #expect(frame[2, 1].style.inverse)
    }

    @Test func keysMoveOpenAndQuit() {
        let screen = home()
        #expect(screen.handle(.up) == nil)
        #expect(screen.selection == 0)
        guard case .push? = screen.handle(.enter) else { Issue.record("Enter should open"); return }
        _ = screen.handle(.down)
        _ = screen.handle(.down)
        _ = screen.handle(.down)
        #expect(screen.selection == 2)
        guard case .quit? = screen.handle(.enter) else { Issue.record("Quit should quit"); return }
        guard case .quit? = screen.handle(.character("q")) else { Issue.record("q should quit"); return }
    }
}
