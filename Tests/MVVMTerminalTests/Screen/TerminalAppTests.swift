import MVVMTerminal
import MVVMTesting
import Observation
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct TerminalAppTests {
    /// The app's spinner clock: `clock.advance()` runs the app's main-actor work (keys, state
    /// changes, redraws) until it is quiet, without the wall clock.
    let clock = TestClock()

    /// How the app ended, once it has: a run still going fails the test and is then stopped, never
    /// waited for.
    func endOf(_ run: Task<TerminalAppExit, any Error>, _ terminal: FakeTerminal) async throws -> TerminalAppExit {
        await clock.advance()
        #expect(terminal.isStopped, "the app ended")
        if !terminal.isStopped { run.cancel() }
        return try await run.value
    }

    @Observable
    final class Counter {
        var count = 0
    }

    final class CounterScreen: Screen {
        let counter: Counter
        init(_ counter: Counter) { self.counter = counter }

        func render(into frame: inout Frame) {
            frame.put("count \(counter.count)", at: Position(row: 0, column: 0))
        }

        func handle(_ key: Key) -> ScreenAction? {
            switch key {
            case .character("+"): counter.count += 1
            case .character("q"): return .pop
            default: break
            }
            return nil
        }
    }

    @Test func rendersOnStateChangesWritingOnlyTheDifference() async throws {
        let counter = Counter()
        let terminal = FakeTerminal(width: 10, height: 2)
        let app = TerminalApp(root: CounterScreen(counter), session: terminal, clock: clock)
        let run = Task { try await app.run() }
        await clock.advance()
        #expect(terminal.writes.count == 1)
        #expect(terminal.isStarted)
        #expect(terminal.writes.first?.hasPrefix("\u{1B}[0m\u{1B}[2J") == true)

        counter.count = 7  // a change from outside the screen (a ViewModel's async work)
        await clock.advance()
        #expect(terminal.writes.count == 2)
        #expect(terminal.writes.last == "\u{1B}[1;7H\u{1B}[0m7")

        terminal.send(.character("+"))
        await clock.advance()
        #expect(terminal.writes.count == 3)
        #expect(terminal.writes.last == "\u{1B}[1;7H\u{1B}[0m8")

        terminal.send(.character("q"))
        #expect(try await endOf(run, terminal) == .finished)
        #expect(terminal.isStopped)
    }

    @Test func controlCQuitsFromAnyScreen() async throws {
        let terminal = FakeTerminal(width: 10, height: 2)
        let app = TerminalApp(root: CounterScreen(Counter()), session: terminal, clock: clock)
        let run = Task { try await app.run() }
        terminal.send(.control("c"))
        #expect(try await endOf(run, terminal) == .finished)
        #expect(terminal.isStopped)
    }

    @Test func aSignalEndsTheRunWithItsNumberAndRestoresTheTerminal() async throws {
        let terminal = FakeTerminal(width: 10, height: 2)
        let app = TerminalApp(root: CounterScreen(Counter()), session: terminal, clock: clock)
        let run = Task { try await app.run() }
        await clock.advance()
        #expect(terminal.writes.count == 1)
        terminal.terminate(by: 15)
        let exit = try await endOf(run, terminal)
        #expect(exit == .terminated(signal: 15))
        #expect(exit.status == 143)
        #expect(terminal.isStopped)
    }

    @Test func theExitStatusIsZeroWhenFinishedAnd128PlusTheSignalWhenTerminated() {
        #expect(TerminalAppExit.finished.status == 0)
        #expect(TerminalAppExit.terminated(signal: 2).status == 130)
    }
}

extension TerminalAppTests {
    @Test func controlLRepaintsTheWholeScreen() async throws {
        let terminal = FakeTerminal(width: 10, height: 2)
        let app = TerminalApp(root: CounterScreen(Counter()), session: terminal, clock: clock)
        let run = Task { try await app.run() }
        await clock.advance()
        #expect(terminal.writes.count == 1)

        terminal.send(.control("l"))
        await clock.advance()
        #expect(terminal.writes.count == 2)
        #expect(terminal.writes.last == terminal.writes.first)   // cleared and drawn again, whole

        terminal.send(.control("c"))
        #expect(try await endOf(run, terminal) == .finished)
    }
}

extension TerminalAppTests {
    /// Counts its renders; draws a spinner frame per render while `spins`.
    final class CountingScreen: Screen {
        var renders = 0
        var spins: Bool
        init(spins: Bool) { self.spins = spins }

        func render(into frame: inout Frame) {
            renders += 1
            frame.put(spins ? "loading \(renders % 4)" : "idle", at: Position(row: 0, column: 0))
        }

        func handle(_ key: Key) -> ScreenAction? {
            if key == .character("s") { spins = true }
            return nil
        }
    }

    /// Issue 41: an idle app woke about 8 times a second to redraw (and read the window size)
    /// with nothing moving on screen. The ticker rests after a tick that draws nothing new.
    @Test func anIdleAppStopsRedrawingAndASpinnerKeepsMoving() async throws {
        let screen = CountingScreen(spins: false)
        let terminal = FakeTerminal(width: 12, height: 1)
        let app = TerminalApp(root: screen, session: terminal, clock: clock)
        let run = Task { try await app.run() }
        await clock.advance()
        await clock.advance(by: .seconds(10))
        #expect(screen.renders == 2, "the first frame, and one tick that found nothing new")
        #expect(terminal.writes.count == 1)

        terminal.send(.character("s"))   // a key: a spinner shows, and the ticker runs again
        await clock.advance()
        let afterKey = screen.renders
        await clock.advance(by: .milliseconds(1_200))
        #expect(screen.renders == afterKey + 10, "a redraw every 120 ms while the spinner moves")

        terminal.send(.control("c"))
        #expect(try await endOf(run, terminal) == .finished)
    }
}
