#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import MVVMLocking

/// The terminal while an app runs: raw mode, the alternate screen, a hidden cursor, keys from
/// standard input and resize notifications.
///
/// ``stop()`` restores the terminal. Call it on every way out, thrown errors included.
///
/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and the other signals that end a process by default
/// (``SignalCleanup/terminatingSignals``) restore the terminal at once, then end the ``keys()``
/// streams and record the signal in ``terminationSignal``: ``TerminalApp/run()`` returns
/// ``TerminalAppExit/terminated(signal:)``, and the program cleans up (temporary files, servers)
/// before it exits with 128 + the signal's number. A second signal, should the program be unable
/// to wind down, puts the terminal back and removes the files registered with ``SignalCleanup``
/// from the signal handler itself, and ends the process at once.
@MainActor
public final class TerminalSession: TerminalDevice {
    private var restorer: TerminalRestorer?
    private var termination = SessionTermination()
    private var signalWatcher: SignalWatcher?
    private var jobControl: JobControl?
    private var sources: [any DispatchSourceProtocol] = []
    private let inputQueue = DispatchQueue(label: "MVVMTerminal.input")

    /// Called on the main actor after the terminal was resized, or taken again after a suspend:
    /// what it shows is unknown, so repaint everything.
    public var onResize: (@MainActor (TerminalSize) -> Void)?

    /// Creates a session; nothing changes until ``start()``.
    public init() {}

    /// The terminal's current size.
    public var size: TerminalSize { TerminalSize.current() }

    /// The colours the terminal shows, read from the process's `NO_COLOR`, `TERM` and
    /// `COLORTERM` when the session was made (``ColorSupport/detect(environment:)``).
    public let colorSupport = ColorSupport.detect(environment: TerminalSession.colorEnvironment())

    private static func colorEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM", "COLORTERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// The signal that ended this session, if one did; `nil` after a normal quit.
    public var terminationSignal: Int32? { termination.signal }

    /// Enters raw mode and the alternate screen, hides the cursor and installs the signal
    /// handlers.
    ///
    /// - Throws: ``TerminalSessionError/notATerminal`` when standard input is not a terminal.
    public func start() throws(TerminalSessionError) {
        guard restorer == nil else { return }
        guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw .notATerminal }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        // Taken and registered with the cleanup held: a signal in between (before the session's
        // own handlers exist) would end the process with the terminal raw.
        SignalCleanup.withCleanupHeld {
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
            TerminalOutput.send(TerminalRestorer.takeSequence)
            SignalCleanup.restoreTerminal(to: original)
        }
        let restorer = TerminalRestorer(original: original, raw: raw)
        self.restorer = restorer
        let termination = SessionTermination()
        self.termination = termination
        // A signal the process ignores (a SIGPIPE a networking library relies on ignoring) stays
        // ignored.
        let watched = SignalCleanup.defaultSignals.filter { !SignalCleanup.isIgnored($0) }
        signalWatcher = SignalWatcher(signals: watched, queue: .global()) { signalNumber in
            restorer.restore()
            termination.end(by: signalNumber)
        }
        jobControl = JobControl(
            onSuspend: { [weak self] in self?.suspend() },
            onContinue: { [weak self] in self?.resumeAfterContinue() }
        )
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.onResize?(self.size)
            }
        }
        resize.resume()
        sources.append(resize)
    }

    /// Writes bytes (e.g. from ``FrameRenderer``) to the terminal; nothing once a signal has
    /// restored it, so that no frame lands on the user's screen.
    public func write(_ bytes: [UInt8]) {
        if let restorer {
            restorer.write(bytes)
        } else {
            TerminalOutput.send(bytes)
        }
    }

    /// The keys typed, decoded on a background queue and delivered in order; the stream ends
    /// when standard input closes or the session stops.
    public func keys() -> AsyncStream<Key> {
        let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
        termination.endOnSignal(continuation)
        sources.append(Self.readKeys(queue: inputQueue, into: continuation))
        return stream
    }

    /// How long a bracketed paste whose end mark has not come may leave the input idle before
    /// it ends (``KeyDecoder/endPaste()``): a terminal sends a paste in one burst, so a paste
    /// idle this long was cut (a terminal that sent only its start mark), and the keys that
    /// follow are keys. Ctrl-C and Ctrl-Z end a paste at once.
    public nonisolated static let unfinishedPasteLimit: Duration = .seconds(1)

    /// A read source on standard input that decodes keys on `queue` (off the main actor).
    private nonisolated static func readKeys(
        queue: DispatchQueue,
        into continuation: AsyncStream<Key>.Continuation
    ) -> any DispatchSourceProtocol {
        // The decoder, and how many reads it decoded: a paste left open by a read ends after
        // `unfinishedPasteLimit` if no read came since.
        let input = Lock((decoder: KeyDecoder(), reads: 0))
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            guard count > 0 else {
                if count == 0 || (errno != EINTR && errno != EAGAIN) { continuation.finish() }
                return
            }
            let (keys, openPaste) = input.withLock { input in
                input.reads += 1
                var keys = input.decoder.decode(buffer[0..<count])
                // A terminal sends a whole escape sequence in one write: an ESC left at the end
                // of a read is the Escape key.
                if input.decoder.hasPending, buffer[count - 1] == 0x1B { keys += input.decoder.flush() }
                return (keys, input.decoder.isPasting ? input.reads : nil)
            }
            for key in keys { continuation.yield(key) }
            guard let openPaste else { return }
            queue.asyncAfter(deadline: .now() + unfinishedPasteLimit / .seconds(1)) {
                let keys = input.withLock { input in input.reads == openPaste ? input.decoder.endPaste() : [] }
                for key in keys { continuation.yield(key) }
            }
        }
        source.setCancelHandler { continuation.finish() }
        source.resume()
        return source
    }

    /// Puts the terminal back and stops the process, as Ctrl-Z does in a shell, until `fg` (or
    /// `SIGCONT`) continues it: then raw mode and the alternate screen are taken again and
    /// ``onResize`` is called, so that the app repaints everything. `kill -TSTP` does the same.
    public func suspend() {
        guard let restorer, let jobControl, restorer.suspend() else { return }
        jobControl.stopProcess()
        resumeAfterContinue()
    }

    /// Takes the terminal again and asks for a full repaint: after a suspend, or after the
    /// process was stopped and continued from outside (`kill -STOP`, `kill -CONT`).
    private func resumeAfterContinue() {
        guard let restorer, restorer.resume() else { return }
        onResize?(size)
    }

    /// Stops reading keys, restores the terminal and puts back the signal handlers the process
    /// had before ``start()``.
    public func stop() {
        for source in sources { source.cancel() }
        sources = []
        restorer?.restore()
        restorer = nil
        SignalCleanup.restoreTerminal(to: nil)
        signalWatcher?.stop()
        signalWatcher = nil
        jobControl?.stop()
        jobControl = nil
    }
}
