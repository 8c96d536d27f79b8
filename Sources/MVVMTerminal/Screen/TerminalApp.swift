public import MVVMCore


/// Runs a root ``Screen`` and the screens of a ViewModel's navigation stack in a
/// ``TerminalSession``: re-renders the top screen whenever what it read changes (MVVMCore's
/// `observe`, coalesced on the main actor), writes only the difference, and routes keys to it.
///
/// The stack follows the ViewModel's state (``NavigationBinding``): a push in the state shows
/// the new screen, a pop returns to the screen below with its scroll position and selection
/// intact, and each screen hears ``Screen/didAppear()`` and ``Screen/willDisappear()`` exactly
/// when it becomes visible or hidden.
///
/// `q`/Esc handling is up to each screen (usually ``ScreenAction/pop``); Ctrl-C quits from
/// anywhere, Ctrl-Z suspends (the terminal is put back until `fg`), and Ctrl-L repaints the whole
/// screen.
@MainActor
public final class TerminalApp {
    /// How often the top screen is redrawn without a change, for spinners, while what it draws
    /// moves.
    static let tickInterval: Duration = .milliseconds(120)

    private let session: any TerminalDevice
    private let clock: any Clock<Duration>
    private let language: Language
    /// The root screen, then one screen per destination of the followed stack.
    private var screens: [any Screen]
    private let follower: (any ScreenStackFollowing)?
    private var previous: Frame?
    private var token: ObservationToken?
    /// Whether the ticker redraws: it rests once a tick drew nothing new (no spinner moves), and
    /// any other redraw (a change, a key, a resize) wakes it, so an idle app never wakes up.
    private var isTicking = true
    /// The resting ticker, woken by the next redraw.
    private var restingTicker: CheckedContinuation<Void, Never>?

    /// Creates an app showing only `root` on `session` (the real terminal by default);
    /// ``ScreenAction/pop`` quits.
    ///
    /// - Parameters:
    ///   - root: the screen shown.
    ///   - session: the terminal; a fake one in tests.
    ///   - clock: the clock the redraws for spinners wait on (every 120 ms); a test clock in
    ///     tests, so that nothing is drawn on the wall clock's time.
    ///   - language: the language text is drawn in (``Frame/language``): the user's, from
    ///     `LC_ALL`, `LC_MESSAGES` and `LANG` (`Language.current`).
    public init(
        root: any Screen,
        session: any TerminalDevice = TerminalSession(),
        clock: any Clock<Duration> = ContinuousClock(),
        language: Language = .current
    ) {
        self.session = session
        self.clock = clock
        self.language = language
        self.screens = [root]
        self.follower = nil
    }

    /// Creates an app showing `root` under the screens of `navigation`'s stack, on `session`.
    /// ``ScreenAction/pop`` asks the ViewModel to go back, and quits from the root screen.
    ///
    /// - Parameters:
    ///   - root: the screen under the stack's screens.
    ///   - navigation: the ViewModel's stack, and the screen for each destination.
    ///   - session: the terminal; a fake one in tests.
    ///   - clock: the clock the redraws for spinners wait on (every 120 ms); a test clock in
    ///     tests, so that nothing is drawn on the wall clock's time.
    ///   - language: the language text is drawn in (``Frame/language``): the user's, from
    ///     `LC_ALL`, `LC_MESSAGES` and `LANG` (`Language.current`).
    public init<Destination>(
        root: any Screen,
        navigation: NavigationBinding<Destination>,
        session: any TerminalDevice = TerminalSession(),
        clock: any Clock<Duration> = ContinuousClock(),
        language: Language = .current
    ) {
        self.session = session
        self.clock = clock
        self.language = language
        self.screens = [root]
        self.follower = ScreenStackFollower(navigation)
    }

    /// Starts the session and runs until the last screen pops, a screen quits, Ctrl-C, the
    /// input closes, or a signal that ends a process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1…,
    /// ``SignalCleanup/defaultSignals``); the terminal is restored before it returns or throws.
    ///
    /// - Returns: why it ended. After ``TerminalAppExit/terminated(signal:)``, clean up and exit
    ///   with its ``TerminalAppExit/status``: the library never exits the process for you.
    public func run() async throws(TerminalSessionError) -> TerminalAppExit {
        try session.start()
        followStack(announcing: false)
        screens.last?.didAppear()
        session.onResize = { [weak self] _ in
            self?.previous = nil
            self?.redraw()
        }
        rearm()
        // Spinners move with each render: redraw a few times a second while the frame changes;
        // after a tick that drew nothing new, rest until something else redraws.
        let clock = clock
        let ticker = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                if self?.isTicking == false {
                    await withCheckedContinuation { self?.restingTicker = $0 }
                    continue
                }
                try? await clock.sleep(for: Self.tickInterval)
                guard let self, !Task.isCancelled else { return }
                if !self.redraw(isTick: true) { self.isTicking = false }
            }
        }
        defer {
            ticker.cancel()
            restingTicker?.resume()
            restingTicker = nil
        }
        loop: for await key in session.keys() {
            if key == .control("c") { break }
            if key == .control("z") {
                // Ctrl-Z is a key in raw mode: suspend as a shell would, repaint on `fg`.
                session.suspend()
                continue
            }
            if key == .control("l") {
                // Repaint everything: the terminal may show something other than what was written.
                previous = nil
                redraw()
                continue
            }
            guard let top = screens.last else { break }
            switch top.handle(key) {
            case .pop?:
                guard let follower, !follower.isEmpty else {
                    top.willDisappear()
                    screens.removeAll()
                    break loop
                }
                follower.back()
            case .quit?:
                top.willDisappear()
                screens.removeAll()
                break loop
            case nil:
                break
            }
            rearm()
        }
        // Ctrl-C, a signal or the input closing: the visible screen goes away too.
        screens.last?.willDisappear()
        screens.removeAll()
        token = nil
        // Stopped before the signal is read: a signal after this takes its usual action.
        session.stop()
        return session.terminationSignal.map { .terminated(signal: $0) } ?? .finished
    }

    /// Observes the stack and what the top screen reads now (it may be a new screen).
    private func rearm() {
        token = observe { [weak self] in
            self?.followStack(announcing: true)
            self?.redraw()
        }
    }

    /// Brings the screens in line with the followed stack. When the top screen changes, the
    /// old one hears ``Screen/willDisappear()`` and the new one ``Screen/didAppear()``.
    private func followStack(announcing: Bool) {
        guard let follower, let root = screens.first else { return }
        let oldTop = screens.last
        screens = [root] + follower.follow()
        guard announcing, let newTop = screens.last, let oldTop, newTop !== oldTop else { return }
        oldTop.willDisappear()
        newTop.didAppear()
    }

    /// Renders the top screen and writes what changed. - Returns: whether anything did.
    @discardableResult
    private func redraw(isTick: Bool = false) -> Bool {
        if !isTick { wakeTicker() }
        guard let top = screens.last else { return false }
        let size = session.size
        var frame = Frame(width: size.width, height: size.height)
        frame.colorSupport = session.colorSupport
        frame.language = language
        top.render(into: &frame)
        let bytes = FrameRenderer.render(from: previous, to: frame)
        session.write(bytes)
        previous = frame
        return !bytes.isEmpty
    }

    /// Something other than a tick redrew: a spinner may show now, so the ticker runs again.
    private func wakeTicker() {
        isTicking = true
        restingTicker?.resume()
        restingTicker = nil
    }
}
