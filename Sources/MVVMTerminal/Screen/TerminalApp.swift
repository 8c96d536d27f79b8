import MVVMCore

/// Runs a stack of ``Screen``s in a ``TerminalSession``: re-renders the top screen whenever
/// what it read changes (MVVMCore's `observe`, coalesced on the main actor), writes only the
/// difference, and routes keys to it.
///
/// `q`/Esc handling is up to each screen (usually ``ScreenAction/pop``); Ctrl-C quits from
/// anywhere, and Ctrl-L repaints the whole screen.
@MainActor
public final class TerminalApp {
    /// How often the top screen is redrawn without a change, for spinners.
    static let tickInterval: Duration = .milliseconds(120)

    private let session: any TerminalDevice
    private var stack: [any Screen]
    private var previous: Frame?
    private var token: ObservationToken?

    /// Creates an app showing `root` first on `session` (the real terminal by default).
    public init(root: any Screen, session: any TerminalDevice = TerminalSession()) {
        self.session = session
        self.stack = [root]
    }

    /// Starts the session and runs until the last screen pops, a screen quits, Ctrl-C, the
    /// input closes, or SIGINT, SIGTERM, SIGHUP or SIGQUIT; the terminal is restored before it returns or throws.
    ///
    /// - Returns: why it ended. After ``TerminalAppExit/terminated(signal:)``, clean up and exit
    ///   with its ``TerminalAppExit/status``: the library never exits the process for you.
    public func run() async throws(TerminalSessionError) -> TerminalAppExit {
        try session.start()
        stack.last?.didAppear()
        session.onResize = { [weak self] _ in
            self?.previous = nil
            self?.redraw()
        }
        rearm()
        // Spinners move with each render: redraw a few times a second; unchanged frames write
        // nothing.
        let ticker = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.tickInterval)
                self?.redraw()
            }
        }
        defer { ticker.cancel() }
        loop: for await key in session.keys() {
            if key == .control("c") { break }
            if key == .control("l") {
                // Repaint everything: the terminal may show something other than what was written.
                previous = nil
                redraw()
                continue
            }
            guard let top = stack.last else { break }
            switch top.handle(key) {
            case .push(let screen)?:
                top.willDisappear()
                stack.append(screen)
                screen.didAppear()
            case .pop?:
                top.willDisappear()
                stack.removeLast()
                guard let below = stack.last else { break loop }
                below.didAppear()
            case .quit?:
                top.willDisappear()
                stack.removeAll()
                break loop
            case nil:
                break
            }
            rearm()
        }
        // Ctrl-C, a signal or the input closing: the visible screen goes away too.
        stack.last?.willDisappear()
        stack.removeAll()
        token = nil
        // Stopped before the signal is read: a signal after this takes its usual action.
        session.stop()
        return session.terminationSignal.map { .terminated(signal: $0) } ?? .finished
    }

    /// Observes what the top screen reads now (it may be a new screen).
    private func rearm() {
        token = observe { [weak self] in self?.redraw() }
    }

    private func redraw() {
        guard let top = stack.last else { return }
        let size = session.size
        var frame = Frame(width: size.width, height: size.height)
        top.render(into: &frame)
        session.write(FrameRenderer.render(from: previous, to: frame))
        previous = frame
    }
}
