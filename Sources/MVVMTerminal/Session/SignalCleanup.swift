#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What a signal does when it ends the process before the program could clean up itself: a
/// second Ctrl-C while the program winds down, a signal before the terminal session started or
/// after it stopped (while a server seeds its database or shuts down), SIGHUP when the terminal
/// window closes.
///
/// Then, from the signal handler itself, the terminal is put back (style, cursor, main screen,
/// the saved settings) and the registered temporary files and folders are removed; the process
/// exits with 128 + the signal's number.
///
/// ```swift
/// SignalCleanup.install()                                   // first thing in main
/// SignalCleanup.removeOnAbnormalExit([databaseFile, databaseFolder])
/// ```
///
/// ``TerminalSession`` registers the terminal's settings while it runs, and handles the first
/// signal itself, gracefully: ``TerminalApp/run()`` returns and the program cleans up.
///
/// **The one file with raw pointers in this module, and why it is safe.** A signal handler may
/// only call async-signal-safe functions: no allocation, no lock, no Swift object. So what it
/// reads is prepared beforehand in C memory, published through atomics:
/// - the saved termios, copied into memory allocated before it is published,
///   and never freed (one per session start, a few dozen bytes), so a handler that loaded the
///   pointer can always read it;
/// - a NUL-terminated array of C strings (`strdup`'d paths), built completely before it is
///   published with one atomic exchange, and never freed for the same reason (one per
///   registration);
/// - the restore sequence, a `StaticString` (constant memory).
/// - the actions the crash signals had before, a table allocated, filled and published before
///   any crash handler can read it, and never freed.
/// The handlers call only `write`, `tcsetattr`, `unlink`, `rmdir`, `nanosleep`, `sigaction`,
/// `signal`, `raise` and `_exit`, all async-signal-safe, and atomic loads, stores and exchanges,
/// which are lock-free (each global is initialized by ``install(for:)`` before any handler can
/// run: a lazy global's first access is not async-signal-safe).
///
/// What a cleanup undoes is made inside ``withCleanupHeld(_:)``: a signal handled on another
/// thread meanwhile waits for it, rather than cleaning up before it is made.
public enum SignalCleanup {
    /// The signals ``install(for:)`` handles by default: Ctrl-C, `kill`, a closed terminal window,
    /// Ctrl-\\ (which a ``TerminalSession`` handles gracefully while it runs), and the other
    /// signals whose default action ends the process (``terminatingSignals``).
    public static let defaultSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT] + terminatingSignals

    /// Signals that end the process by default and that a terminal program rarely handles
    /// itself: `SIGUSR1`, `SIGUSR2`, `SIGALRM`, `SIGVTALRM`, `SIGPROF`, `SIGXCPU`, `SIGXFSZ` and
    /// `SIGPIPE`; on Linux also `SIGSTKFLT`, `SIGPWR` and `SIGIO` (`SIGPOLL`), which end the
    /// process there (on Apple platforms the last two do not exist or are ignored by default).
    public static let terminatingSignals: [Int32] = {
        let common = [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE]
        #if os(Linux)
        return common + [SIGSTKFLT, SIGPWR, SIGIO]
        #else
        return common
        #endif
    }()

    /// The signals a crash raises: a Swift trap (`SIGILL`, `SIGTRAP`), a bad memory access
    /// (`SIGSEGV`, `SIGBUS`), `SIGFPE`, `abort()` (`SIGABRT`) and a bad system call or a seccomp
    /// filter's refusal (`SIGSYS`). ``install(for:)`` puts the
    /// terminal back and removes the registered paths on each, then hands the signal to the
    /// action it had before (the Swift runtime's backtracer, or the default), so the exit status
    /// and any crash report are the ones the crash would have made.
    public static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGSYS]

    /// Makes `signals` end the process with the clean-up above, until a ``TerminalSession``
    /// takes them over for its run (and gives them back when it stops), and cleans up on a crash
    /// (``crashSignals``). A signal the process ignores (`nohup`'s `SIGHUP`, a
    /// `SIGPIPE` a networking library ignores) stays ignored. Call it first thing, before
    /// anything creates files or changes the terminal.
    public static func install(for signals: [Int32] = defaultSignals) {
        prepare()
        for signalNumber in signals where !isIgnored(signalNumber) {
            _ = setHandler(endProcess, for: signalNumber, flags: 0)
        }
        // Once: a second install would record this file's handler as the one to hand crashes to.
        guard crashActions.load(ordering: .sequentiallyConsistent) == 0 else { return }
        let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(maximumSignal))
        previousActions.initialize(repeating: sigaction(), count: Int(maximumSignal))
        for signalNumber in crashSignals {
            // SA_NODEFER: the re-raise inside the handler reaches the restored action at once.
            if let previous = setHandler(restoreThenCrash, for: signalNumber, flags: Int32(SA_NODEFER)) {
                previousActions[Int(signalNumber)] = previous
            }
        }
        // The previous table is left allocated: a handler may be reading it.
        _ = crashActions.exchange(Int(bitPattern: previousActions), ordering: .sequentiallyConsistent)
    }

    /// Whether the process ignores `signalNumber` now.
    static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
        let handler = current.__sigaction_handler.sa_handler
        #else
        let handler = current.__sigaction_u.__sa_handler
        #endif
        return handler.map { unsafeBitCast($0, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) } ?? false
    }

    /// One more than the highest signal number handled here.
    static let maximumSignal: Int32 = 32

    /// Makes `handler` the action of `signalNumber`; returns the action it had, or `nil` if it
    /// could not be set. Shared with ``SignalWatcher``.
    static func setHandler(_ handler: @escaping @convention(c) (Int32) -> Void, for signalNumber: Int32, flags: Int32) -> sigaction? {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        var previous = sigaction()
        return sigaction(signalNumber, &action, &previous) == 0 ? previous : nil
    }

    /// Removes `paths`, in order, if a signal ends the process abruptly: list a folder's files
    /// before the folder. Replaces the paths registered before; an empty list clears them.
    public static func removeOnAbnormalExit(_ paths: [String]) {
        prepare()
        guard !paths.isEmpty else {
            _ = registeredPaths.exchange(0, ordering: .sequentiallyConsistent)
            return
        }
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: paths.count + 1)
        for (index, path) in paths.enumerated() { list[index] = strdup(path) }
        list[paths.count] = nil
        // The previous list is left allocated: a handler may be reading it.
        _ = registeredPaths.exchange(Int(bitPattern: list), ordering: .sequentiallyConsistent)
    }

    /// Publishes the terminal settings to put back (``TerminalSession/start()``), or `nil`
    /// once the session restored them itself.
    static func restoreTerminal(to original: termios?) {
        prepare()
        guard let original else {
            _ = savedTerminal.exchange(0, ordering: .sequentiallyConsistent)
            return
        }
        let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        settings.initialize(to: original)
        // The previous copy is left allocated: a handler may be reading it.
        _ = savedTerminal.exchange(Int(bitPattern: settings), ordering: .sequentiallyConsistent)
    }

    /// Initializes the globals a handler reads now, off any signal handler: a lazy global's first
    /// access is not async-signal-safe.
    static func prepare() {
        _ = savedTerminal.load(ordering: .relaxed)
        _ = registeredPaths.load(ordering: .relaxed)
        _ = crashActions.load(ordering: .relaxed)
        prepareHeldSections()
    }

    /// In a crash signal's handler: puts back the action `signalNumber` had before
    /// ``install(for:)``. Only async-signal-safe calls.
    static func restorePreviousCrashAction(_ signalNumber: Int32) {
        let address = crashActions.load(ordering: .sequentiallyConsistent)
        guard let actions = UnsafeMutablePointer<sigaction>(bitPattern: address), signalNumber < maximumSignal else {
            _ = signal(signalNumber, SIG_DFL)
            return
        }
        _ = sigaction(signalNumber, actions + Int(signalNumber), nil)
    }

    /// In a signal handler: waits for the sections that make what it undoes
    /// (``withCleanupHeld(_:)``), then puts the terminal back and removes the registered paths.
    /// Only async-signal-safe calls.
    static func cleanUpFromHandler() {
        beginCleanup()
        let settingsAddress = savedTerminal.exchange(0, ordering: .sequentiallyConsistent)
        if let settings = UnsafeMutablePointer<termios>(bitPattern: settingsAddress) {
            let sequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"
            _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
            _ = tcsetattr(STDIN_FILENO, TCSANOW, settings)
        }
        let listAddress = registeredPaths.exchange(0, ordering: .sequentiallyConsistent)
        if let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(bitPattern: listAddress) {
            // Other threads run on until the process ends: one may make a registered file (a
            // database's journal) after it was removed, and its folder is then not empty. The list
            // is gone through again, after 1 ms, until every folder went (20 times at most).
            var round = 0
            while round < 20 {
                var folderStayed = false
                var index = 0
                while let path = list[index] {
                    if unlink(path) != 0, rmdir(path) != 0, errno == ENOTEMPTY || errno == EEXIST { folderStayed = true }
                    index += 1
                }
                guard folderStayed else { break }
                var millisecond = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                _ = nanosleep(&millisecond, nil)
                round += 1
            }
        }
    }
}

// Both hold an address (0 for none) rather than a pointer, so that they are `Sendable`; what
// they point to is never written after it is published, nor freed (see `SignalCleanup`).

/// The address of the terminal settings to put back from a signal handler, while a session runs.
private let savedTerminal = Atomic<Int>(0)

/// The address of the paths to remove from a signal handler: a NUL-terminated array of C strings.
private let registeredPaths = Atomic<Int>(0)

/// The address of the actions the crash signals had before ``SignalCleanup/install(for:)``: a
/// table of `SignalCleanup.maximumSignal` `sigaction`s, indexed by signal number.
private let crashActions = Atomic<Int>(0)

/// The handler ``SignalCleanup/install(for:)`` installs: clean up, then exit with 128 + the
/// signal's number.
private func endProcess(_ signalNumber: Int32) {
    SignalCleanup.cleanUpFromHandler()
    _exit(128 + signalNumber)
}

/// The handler ``SignalCleanup/install(for:)`` installs for ``SignalCleanup/crashSignals``: clean
/// up, then raise the signal again under the action it had before, which ends the process as the
/// crash would have (its status, its core file or backtrace).
private func restoreThenCrash(_ signalNumber: Int32) {
    SignalCleanup.cleanUpFromHandler()
    SignalCleanup.restorePreviousCrashAction(signalNumber)
    _ = raise(signalNumber)
    // The previous action returned (the runtime's backtracer declines a signal sent by `kill`):
    // end the process by the signal, as its default action does.
    _ = signal(signalNumber, SIG_DFL)
    _ = raise(signalNumber)
}
