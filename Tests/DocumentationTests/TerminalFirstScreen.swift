// The "Your first terminal screen" article's code (MVVMTerminal.docc/FirstTerminalScreen.md),
// compiled and run (SnippetCheckTests keeps the article equal to this file).

// snippet: viewModel
import MVVMCore

@MainActor
final class TeaMenuViewModel: ViewModel {
    struct State: Equatable {
        var teas: Loadable<[String]> = .idle
        var selected = 0
        var order: [String] = []
    }

    enum Event {
        case teaSelected(at: Int)
        case addPressed
        case retryPressed
    }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let fetchMenu: @Sendable () async throws -> [String]

    init(fetchMenu: @escaping @Sendable () async throws -> [String]) {
        self.fetchMenu = fetchMenu
    }
}
// snippet end

// snippet: events
extension TeaMenuViewModel {
    func didAppear() { loadMenu() }

    func onEvent(_ event: Event) {
        switch event {
        case .teaSelected(let index):
            let last = (state.teas.value?.count ?? 1) - 1
            store.update { $0.selected = min(max(0, index), max(0, last)) }
        case .addPressed:
            guard let teas = state.teas.value, teas.indices.contains(state.selected) else { return }
            store.update { $0.order.append(teas[$0.selected]) }
        case .retryPressed:
            loadMenu()
        }
    }

    private func loadMenu() {
        store.load(\.teas, key: "menu") { [fetchMenu] in try await fetchMenu() }
    }
}
// snippet end

// snippet: screen
import MVVMTerminal

@MainActor
final class TeaMenuScreen: ViewModelScreen {
    let viewModel: TeaMenuViewModel
    private var tick = 0   // counts renders: the spinner's frame

    init(viewModel: TeaMenuViewModel) { self.viewModel = viewModel }

    func render(into frame: inout Frame) {
        let state = viewModel.state
        frame.put("Tea menu", at: Position(row: 0, column: 0), style: Style(bold: true))
        let list = Rect(row: 1, column: 0, width: frame.width, height: frame.height - 3)
        switch state.teas {
        case .loading(previous: nil):
            Spinner.draw(into: &frame, at: list.origin, tick: tick, label: "Loading…")
        case .failed(let error, previous: nil):
            frame.put("\(error.message)  r: retry", at: list.origin, style: Style(foreground: .red))
        default:
            ListView(rows: state.teas.value ?? [], selection: state.selected).draw(into: &frame, in: list)
        }
        frame.put("Order: " + state.order.joined(separator: ", "), at: Position(row: frame.height - 2, column: 0))
        StatusBar.draw(into: &frame, items: ["↑↓ Move", "Enter Add", "q Quit"])
        tick += 1
    }
}
// snippet end

// snippet: keys
extension TeaMenuScreen {
    func handle(_ key: Key) -> ScreenAction? {
        let selected = viewModel.state.selected
        switch key {
        case .up, .character("k"): viewModel.send(.teaSelected(at: selected - 1))
        case .down, .character("j"): viewModel.send(.teaSelected(at: selected + 1))
        case .enter: viewModel.send(.addPressed)
        case .character("r"): viewModel.send(.retryPressed)
        case .character("q"), .escape: return .pop
        default: break
        }
        return nil
    }
}
// snippet end

// snippet: main
/// What a tea-menu executable's `main` runs: the real terminal, until q, Ctrl-C or a signal.
@MainActor
func runTeaMenu(fetchMenu: @escaping @Sendable () async throws -> [String]) async -> Int32 {
    let screen = TeaMenuScreen(viewModel: TeaMenuViewModel(fetchMenu: fetchMenu))
    do {
        let exit = try await TerminalApp(root: screen, session: TerminalSession()).run()
        return exit.status             // 0, or 128 + the number of the signal that ended it
    } catch {
        print("tea-menu: \(error)")    // standard input is not a terminal (a pipe, a file)
        return 1
    }
}
// snippet end

// snippet: device
/// A terminal in memory: the keys a test types, and what the app did to the terminal.
@MainActor
final class TeaMenuTestTerminal: TerminalDevice {
    var onResize: (@MainActor (TerminalSize) -> Void)?
    let size = TerminalSize(width: 28, height: 6)
    private(set) var isRaw = false              // between start() and stop()
    private(set) var terminationSignal: Int32?
    private(set) var output: [UInt8] = []
    private let typed = AsyncStream.makeStream(of: Key.self)

    func start() throws(TerminalSessionError) { isRaw = true }
    func stop() { isRaw = false }
    func write(_ bytes: [UInt8]) { output += bytes }
    func keys() -> AsyncStream<Key> { typed.stream }

    func type(_ key: Key) { typed.continuation.yield(key) }

    /// What a TerminalSession does on SIGINT, SIGTERM, SIGHUP or SIGQUIT: records the signal and
    /// ends the keys.
    func receive(signal: Int32) {
        terminationSignal = signal
        typed.continuation.finish()
    }
}
// snippet end

import MVVMTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct TeaMenuScreenTests {
    // snippet: keysTest
    @Test func keyBytesMoveTheSelectionAndAddToTheOrder() async {
        let clock = TestClock()   // runs the ViewModel's work: clock.advance() below
        let screen = TeaMenuScreen(viewModel: clock.perform { TeaMenuViewModel { ["Sencha", "Hojicha", "Genmaicha", "Matcha"] } })
        screen.didAppear()                              // what TerminalApp does first
        await clock.advance()                           // the menu arrived

        var decoder = KeyDecoder()
        for key in decoder.decode(Array("\u{1B}[B\u{1B}[B\r".utf8)) {   // ↓ ↓ Enter
            _ = screen.handle(key)
        }
        var frame = Frame(width: 28, height: 6)
        screen.render(into: &frame)

        #expect(frame.text == """
            Tea menu
            Sencha
            Hojicha
            Genmaicha
            Order: Genmaicha
             ↑↓ Move  Enter Add  q Quit
            """)
        #expect(frame[3, 27].style.inverse)             // the selected row
        #expect(screen.handle(.character("q")) == .pop)
    }
    // snippet end

    // snippet: splitKeys
    @Test func anArrowSplitAcrossTwoReadsIsStillOneKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])   // ESC [ … wait for the rest
        #expect(decoder.decode(Array("B".utf8)) == [.down])
        #expect(decoder.decode(Array("抹j".utf8)) == [.character("抹"), .character("j")])
        #expect(decoder.decode([0x1B]) == [])                   // Escape, or the start of a sequence?
        #expect(decoder.flush() == [.escape])                    // nothing followed: Escape
    }
    // snippet end

    // snippet: lifecycleTest
    @Test func leavingTheScreenStopsTheLoadAndItsSpinner() async {
        let server = TestClock()
        let screen = TeaMenuScreen(viewModel: server.perform {   // its work runs where the test moves it
            TeaMenuViewModel {
                try await server.sleep(for: .seconds(2))    // the server answers in two seconds
                return ["Sencha"]
            }
        })
        var frame = Frame(width: 28, height: 6)
        screen.didAppear()
        screen.render(into: &frame)
        #expect(frame.line(1) == "⠋ Loading…")
        await server.advance()
        #expect(server.sleeperCount == 1)               // the request is on its way

        screen.willDisappear()                          // q, a screen pushed over it, Ctrl-C, a signal
        #expect(screen.viewModel.state.teas == .idle)   // no spinner left for when it comes back

        screen.didAppear()                              // back on screen: it loads again
        await server.advance(by: .seconds(2))           // the server answers
        #expect(screen.viewModel.state.teas == .loaded(["Sencha"]))
    }
    // snippet end

    @Test func aFailedLoadShowsItsMessageAndRRetries() async {
        struct Closed: PresentableError { var message: LocalizedText { "The shop is closed." } }
        let clock = TestClock()
        let screen = TeaMenuScreen(viewModel: clock.perform { TeaMenuViewModel { throw Closed() } })
        screen.didAppear()
        await clock.advance()
        var frame = Frame(width: 34, height: 6)
        screen.render(into: &frame)
        #expect(frame.line(1) == "The shop is closed.  r: retry")

        #expect(screen.handle(.character("r")) == nil)
        #expect(screen.viewModel.state.teas.isLoading)
        screen.willDisappear()
    }

    // snippet: renderer
    @Test func onlyTheCellsThatChangedAreWritten() {
        var before = Frame(width: 16, height: 2)
        before.put("Order: Sencha", at: Position(row: 1, column: 0))
        var after = before
        after.put("Matcha", at: Position(row: 1, column: 7))

        // Row 2, column 8 (one-based), the plain style, and the three letters that changed.
        #expect(FrameRenderer.renderText(from: before, to: after) == "\u{1B}[2;8H\u{1B}[0mMat")
        #expect(FrameRenderer.render(from: after, to: after) == [])   // no change, no bytes
    }
    // snippet end

    // snippet: appTest
    @Test func theAppShowsTheScreenRoutesKeysAndRestoresTheTerminal() async throws {
        let terminal = TeaMenuTestTerminal()
        let tester = ViewModelTester(TeaMenuViewModel { ["Sencha", "Hojicha"] })   // runs its work: settle()
        let app = TerminalApp(root: TeaMenuScreen(viewModel: tester.viewModel), session: terminal)
        let run = Task { try await app.run() }

        await tester.settle()
        #expect(tester.state.teas == .loaded(["Sencha", "Hojicha"]))
        #expect(terminal.isRaw)
        terminal.type(.down)
        terminal.type(.enter)
        await tester.settle()
        #expect(tester.state.order == ["Hojicha"])

        terminal.type(.character("q"))
        #expect(try await run.value == .finished)
        #expect(!terminal.isRaw)
    }
    // snippet end

    // snippet: signalTest
    @Test func aSignalEndsTheRunWithItsExitStatus() async throws {
        let terminal = TeaMenuTestTerminal()
        let tester = ViewModelTester(TeaMenuViewModel { [] })
        let app = TerminalApp(root: TeaMenuScreen(viewModel: tester.viewModel), session: terminal)
        let run = Task { try await app.run() }
        await tester.settle()
        #expect(terminal.isRaw)

        terminal.receive(signal: 15)                    // SIGTERM
        let exit = try await run.value
        #expect(exit == .terminated(signal: 15))
        #expect(exit.status == 143)
        #expect(!terminal.isRaw)
    }
    // snippet end

    @Test func theFirstFrameClearsTheScreenAndDrawsItWhole() async throws {
        let terminal = TeaMenuTestTerminal()
        let tester = ViewModelTester(TeaMenuViewModel { [] })
        let app = TerminalApp(root: TeaMenuScreen(viewModel: tester.viewModel), session: terminal)
        let run = Task { try await app.run() }
        await tester.settle()
        #expect(!terminal.output.isEmpty)
        #expect(String(decoding: terminal.output, as: UTF8.self).hasPrefix("\u{1B}[0m\u{1B}[2J"))
        terminal.type(.control("c"))
        #expect(try await run.value == .finished)
        #expect(!terminal.isRaw)
    }
}
