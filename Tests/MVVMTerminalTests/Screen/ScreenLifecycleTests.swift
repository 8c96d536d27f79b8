import MVVMCore
import MVVMTerminal
import MVVMTesting
import Observation
import Testing

/// The app follows a ViewModel's navigation stack, and each screen hears `didAppear` when it
/// becomes the visible one and `willDisappear` when it stops being visible: pushed over, popped,
/// or the app ending however it ends. This is what drives a ViewModel's `appear()`/`disappear()`
/// in a terminal app.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ScreenLifecycleTests {
    /// The app's spinner clock: `clock.advance()` runs the app's main-actor work (keys, stack
    /// changes, redraws) until it is quiet, without the wall clock.
    let clock = TestClock()

    final class Journal {
        var entries: [String] = []
    }

    /// The ViewModel that owns the navigation: `home` is the root screen, destinations are names.
    @Observable
    final class Model {
        var navigation = Navigation<String, Never>()
    }

    final class NamedScreen: Screen {
        let name: String
        let journal: Journal
        let model: Model
        let next: String?
        /// What the screen keeps itself, like a selection.
        var presses = 0

        init(_ name: String, _ journal: Journal, _ model: Model, next: String?) {
            self.name = name
            self.journal = journal
            self.model = model
            self.next = next
        }

        func render(into frame: inout Frame) {
            frame.put("\(name) \(presses)", at: Position(row: 0, column: 0))
        }

        func handle(_ key: Key) -> ScreenAction? {
            switch key {
            case .enter: if let next { model.navigation.push(next) }
            case .character("+"): presses += 1
            case .character("q"): return .pop
            case .character("x"): return .quit
            default: break
            }
            return nil
        }

        func didAppear() { journal.entries.append("\(name) appeared") }
        func willDisappear() { journal.entries.append("\(name) disappeared") }
    }

    final class Made {
        var screens: [String: NamedScreen] = [:]
    }

    func makeApp(_ journal: Journal, _ terminal: FakeTerminal, _ model: Model, made: Made = Made()) -> TerminalApp {
        let next = ["list": "detail"]
        let binding = NavigationBinding(
            navigation: { model.navigation },
            send: { model.navigation.handle($0) },
            screen: { name in
                let screen = NamedScreen(name, journal, model, next: next[name])
                made.screens[name] = screen
                return screen
            }
        )
        return TerminalApp(root: NamedScreen("home", journal, model, next: "list"), navigation: binding, session: terminal, clock: clock)
    }

    /// How the app ended, once it has: a run still going fails the test and is then stopped, never
    /// waited for.
    func endOf(_ run: Task<TerminalAppExit, any Error>, _ terminal: FakeTerminal) async throws -> TerminalAppExit {
        await clock.advance()
        #expect(terminal.isStopped, "the app ended")
        if !terminal.isStopped { run.cancel() }
        return try await run.value
    }

    @Test func pushHidesTheScreenBelowAndPopShowsItAgain() async throws {
        let journal = Journal()
        let terminal = FakeTerminal(width: 10, height: 2)
        let model = Model()
        let run = Task { try await makeApp(journal, terminal, model).run() }
        await clock.advance()
        #expect(terminal.writes.count == 1)
        #expect(journal.entries == ["home appeared"])

        terminal.send(.enter)
        terminal.send(.enter)
        terminal.send(.character("q"))
        terminal.send(.character("q"))
        terminal.send(.character("q"))
        #expect(try await endOf(run, terminal) == .finished)

        #expect(journal.entries == [
            "home appeared",
            "home disappeared", "list appeared",
            "list disappeared", "detail appeared",
            "detail disappeared", "list appeared",
            "list disappeared", "home appeared",
            "home disappeared",
        ])
    }

    @Test func popReturnsToTheSameScreenWithWhatItKept() async throws {
        let journal = Journal()
        let terminal = FakeTerminal(width: 10, height: 2)
        let model = Model()
        let made = Made()
        let run = Task { try await makeApp(journal, terminal, model, made: made).run() }
        terminal.send(.enter)
        terminal.send(.character("+"))
        terminal.send(.character("+"))
        terminal.send(.enter)
        await clock.advance()
        #expect(journal.entries.last == "detail appeared")
        let list = made.screens["list"]
        #expect(list?.presses == 2)

        terminal.send(.character("q"))
        await clock.advance()
        #expect(journal.entries.last == "list appeared")
        #expect(made.screens["list"] === list, "no new screen was made for the list")
        #expect(list?.presses == 2)
        #expect(model.navigation.stack == ["list"])

        terminal.send(.control("c"))
        _ = try await endOf(run, terminal)
    }

    @Test func aStackChangedByTheViewModelIsFollowedWithoutAKey() async throws {
        let journal = Journal()
        let terminal = FakeTerminal(width: 10, height: 2)
        let model = Model()
        let run = Task { try await makeApp(journal, terminal, model).run() }
        await clock.advance()
        #expect(terminal.writes.count == 1)

        model.navigation.push("list")  // work that finished, a deep link
        await clock.advance()
        #expect(terminal.writes.last?.contains("list") == true)
        model.navigation.push("detail")
        await clock.advance()
        #expect(terminal.writes.last?.contains("detail") == true)
        model.navigation.handle(.popToRoot)
        await clock.advance()
        #expect(terminal.writes.last?.contains("home") == true)

        terminal.send(.control("c"))
        _ = try await endOf(run, terminal)
        #expect(journal.entries == [
            "home appeared",
            "home disappeared", "list appeared",
            "list disappeared", "detail appeared",
            "detail disappeared", "home appeared",
            "home disappeared",
        ])
    }

    @Test func startingOnADeepStackShowsOnlyItsTop() async throws {
        let journal = Journal()
        let terminal = FakeTerminal(width: 10, height: 2)
        let model = Model()
        model.navigation = Navigation(stack: ["list", "detail"])
        let run = Task { try await makeApp(journal, terminal, model).run() }
        await clock.advance()
        #expect(terminal.writes.count == 1)
        #expect(terminal.writes[0].contains("detail"))
        #expect(journal.entries == ["detail appeared"])

        terminal.send(.character("q"))
        await clock.advance()
        #expect(journal.entries.last == "list appeared")
        terminal.send(.control("c"))
        _ = try await endOf(run, terminal)
        #expect(journal.entries == ["detail appeared", "detail disappeared", "list appeared", "list disappeared"])
    }

    @Test(arguments: ["quit", "control-c", "signal", "input closed"])
    func theVisibleScreenDisappearsHoweverTheAppEnds(ending: String) async throws {
        let journal = Journal()
        let terminal = FakeTerminal(width: 10, height: 2)
        let model = Model()
        let run = Task { try await makeApp(journal, terminal, model).run() }
        await clock.advance()
        #expect(terminal.writes.count == 1)
        terminal.send(.enter)
        await clock.advance()
        #expect(journal.entries.last == "list appeared")

        switch ending {
        case "quit": terminal.send(.character("x"))
        case "control-c": terminal.send(.control("c"))
        case "signal": terminal.terminate(by: 15)
        default: terminal.closeInput()
        }
        _ = try await endOf(run, terminal)

        #expect(journal.entries == ["home appeared", "home disappeared", "list appeared", "list disappeared"])
    }
}
