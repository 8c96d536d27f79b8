import MVVMTerminal
import MVVMTesting
import Testing

/// Each screen hears `didAppear` when it becomes the visible one and `willDisappear` when it
/// stops being visible: pushed over, popped, or the app ending however it ends. This is what
/// drives a ViewModel's `appear()`/`disappear()` in a terminal app.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ScreenLifecycleTests {
    final class Journal {
        var entries: [String] = []
    }

    final class NamedScreen: Screen {
        let name: String
        let journal: Journal
        let next: (() -> NamedScreen)?

        init(_ name: String, _ journal: Journal, next: (() -> NamedScreen)? = nil) {
            self.name = name
            self.journal = journal
            self.next = next
        }

        func render(into frame: inout Frame) {
            frame.put(name, at: Position(row: 0, column: 0))
        }

        func handle(_ key: Key) -> ScreenAction? {
            switch key {
            case .enter: next.map { .push($0()) }
            case .character("q"): .pop
            case .character("x"): .quit
            default: nil
            }
        }

        func didAppear() { journal.entries.append("\(name) appeared") }
        func willDisappear() { journal.entries.append("\(name) disappeared") }
    }

    func makeApp(_ journal: Journal, _ terminal: FakeTerminal) -> TerminalApp {
        let root = NamedScreen("home", journal) {
            NamedScreen("list", journal) { NamedScreen("detail", journal) }
        }
        return TerminalApp(root: root, session: terminal)
    }

    @Test func pushHidesTheScreenBelowAndPopShowsItAgain() async throws {
        let journal = Journal()
        let terminal = FakeTerminal(width: 10, height: 2)
        let run = Task { try await makeApp(journal, terminal).run() }
        #expect(await waitUntil { terminal.writes.count == 1 })
        #expect(journal.entries == ["home appeared"])

        terminal.send(.enter)
        terminal.send(.enter)
        terminal.send(.character("q"))
        terminal.send(.character("q"))
        terminal.send(.character("q"))
        #expect(try await run.value == .finished)

        #expect(journal.entries == [
            "home appeared",
            "home disappeared", "list appeared",
            "list disappeared", "detail appeared",
            "detail disappeared", "list appeared",
            "list disappeared", "home appeared",
            "home disappeared",
        ])
    }

    @Test(arguments: ["quit", "control-c", "signal", "input closed"])
    func theVisibleScreenDisappearsHoweverTheAppEnds(ending: String) async throws {
        let journal = Journal()
        let terminal = FakeTerminal(width: 10, height: 2)
        let run = Task { try await makeApp(journal, terminal).run() }
        #expect(await waitUntil { terminal.writes.count == 1 })
        terminal.send(.enter)
        #expect(await waitUntil { journal.entries.last == "list appeared" })

        switch ending {
        case "quit": terminal.send(.character("x"))
        case "control-c": terminal.send(.control("c"))
        case "signal": terminal.terminate(by: 15)
        default: terminal.closeInput()
        }
        _ = try await run.value

        #expect(journal.entries == ["home appeared", "home disappeared", "list appeared", "list disappeared"])
    }
}
