import Foundation
import MVVMTestSupport
import MVVMTesting
import Testing

/// A real `TerminalSession` (`terminal-session-probe`: one screen, a registered file) in a
/// pseudo-terminal: every way a process can end, or be suspended, leaves the terminal as it was
/// and no registered file behind. Process tests: their bounds are wall-clock, and each runs off
/// the concurrency pool (`offThePool`), where it may block.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct TerminalSessionTests {
    /// What puts the terminal back: style reset, cursor shown, line wrap, bracketed paste off,
    /// main screen.
    static let restore = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"
    /// What takes it: the alternate screen, the cursor hidden, no line wrap, bracketed paste on,
    /// cleared.
    static let take = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[2J"

    /// What a run of the probe showed.
    struct Seen: Sendable {
        /// The probe's screen was drawn, in raw mode, with its file made.
        var started = false
        /// How the probe ended, if it did.
        var end: ChildProcess.End?
        /// The restore sequence came after the screen, and line editing and echo are back.
        var putBack = false
        /// The registered file is still there.
        var fileLeft = true
        /// The probe stopped (SIGTSTP).
        var stopped = false
        /// After SIGCONT: the alternate screen taken again, the screen repainted, raw mode.
        var retaken = false
        /// Everything the probe wrote, for failure messages.
        var transcript = ""
    }

    /// The probe on a fresh pseudo-terminal.
    final class Probe {
        let terminal: PseudoTerminal
        let process: ChildProcess
        let file: String
        private let folder: TemporaryFolder
        /// Where the transcript stood once the screen was drawn.
        private(set) var afterScreen = 0

        init() throws {
            folder = try TemporaryFolder()
            file = folder.url.appendingPathComponent("registered").path
            terminal = try PseudoTerminal()
            // The runtime's backtrace of a crash, without its interactive prompt on a terminal
            // (which waits 30 s for a key).
            process = try ChildProcess(
                executable: try ChildProcess.builtProduct(named: "terminal-session-probe"), arguments: [file],
                environment: ["SWIFT_BACKTRACE": "interactive=no"], terminal: terminal
            )
        }

        var fileExists: Bool { FileManager.default.fileExists(atPath: file) }

        /// Whether the screen was drawn in raw mode, with the file made.
        func waitUntilStarted() -> Bool {
            let drawn = terminal.read(until: "probe ready")
            afterScreen = terminal.transcript.count
            return drawn && terminal.isRaw && fileExists
        }

        /// Whether the terminal was put back since `offset`: the restore sequence written, line
        /// editing and echo on.
        func wasPutBack(since offset: Int? = nil) -> Bool {
            terminal.read(until: TerminalSessionTests.restore, from: offset ?? afterScreen) && !terminal.isRaw
        }
    }

    /// Starts the probe, runs `steps` on it off the concurrency pool, and says what it saw.
    func run(_ steps: @escaping @Sendable (Probe, inout Seen) throws -> Void) async throws -> Seen {
        try await offThePool {
            let probe = try Probe()
            var seen = Seen()
            seen.started = probe.waitUntilStarted()
            if seen.started { try steps(probe, &seen) }
            seen.fileLeft = probe.fileExists
            seen.transcript = String(decoding: probe.terminal.transcript, as: UTF8.self)
            return seen
        }
    }

    /// Every signal whose default action ends the process without a core dump.
    static let endingSignals: [Int32] = {
        let common = [SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ]
        #if os(Linux)
        return common + [SIGSTKFLT, SIGPWR, SIGIO]
        #else
        return common
        #endif
    }()

    @Test(arguments: endingSignals)
    func aSignalThatEndsTheProcessPutsTheTerminalBackAndRemovesTheFile(signal: Int32) async throws {
        let seen = try await run { probe, seen in
            probe.process.send(signal)
            seen.end = probe.process.waitForEnd(timeoutMilliseconds: 60_000)
            seen.putBack = probe.wasPutBack()
        }
        #expect(seen.started, "\(seen.transcript)")
        #expect(seen.end == .exited(128 + signal), "\(seen.transcript)")
        #expect(seen.putBack, "\(seen.transcript)")
        #expect(!seen.fileLeft)
    }

    /// Whether the probe is instrumented by ThreadSanitizer (CI's `MVVM_THREAD_SANITIZER=1` run),
    /// whose runtime takes the crash signals over: a `kill -FPE` hung in it for over a minute.
    static let sanitizerOwnsCrashSignals: Bool = {
        #if MVVM_THREAD_SANITIZER
        true
        #else
        false
        #endif
    }()

    @Test(
        .disabled(if: sanitizerOwnsCrashSignals, "ThreadSanitizer's runtime handles crash signals itself"),
        arguments: [SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL, SIGTRAP, SIGSYS]
    )
    func aCrashSignalPutsTheTerminalBackRemovesTheFileAndStillEndsTheProcessByIt(signal: Int32) async throws {
        let seen = try await run { probe, seen in
            probe.process.send(signal)
            seen.end = probe.process.waitForEnd(timeoutMilliseconds: 60_000)
            seen.putBack = probe.wasPutBack()
        }
        #expect(seen.started, "\(seen.transcript)")
        #expect(seen.end == .signalled(signal), "the crash's own status, for its report")
        #expect(seen.putBack, "\(seen.transcript)")
        #expect(!seen.fileLeft)
    }

    @Test(.disabled(if: sanitizerOwnsCrashSignals, "ThreadSanitizer's runtime handles crash signals itself"))
    func aSwiftTrapPutsTheTerminalBackAndRemovesTheFile() async throws {
        let seen = try await run { probe, seen in
            probe.terminal.type("!")
            seen.end = probe.process.waitForEnd(timeoutMilliseconds: 60_000)
            seen.putBack = probe.wasPutBack()
        }
        #expect(seen.started, "\(seen.transcript)")
        #expect(seen.end == .signalled(SIGILL) || seen.end == .signalled(SIGTRAP), "\(String(describing: seen.end))")
        #expect(seen.putBack, "\(seen.transcript)")
        #expect(!seen.fileLeft)
    }

    /// Stops the probe with `suspend`, checks that it gave the terminal back, continues it, and
    /// quits it with q (read at once, without Enter: raw mode again).
    func suspendThenContinue(_ suspend: @escaping @Sendable (Probe) -> Void) async throws -> Seen {
        try await run { probe, seen in
            suspend(probe)
            seen.stopped = probe.process.waitUntilStopped(timeoutMilliseconds: 30_000)
            seen.putBack = probe.wasPutBack()
            let fileWhileStopped = probe.fileExists
            let continuedAt = probe.terminal.transcript.count
            probe.process.send(SIGCONT)
            seen.retaken = probe.terminal.read(until: Self.take, from: continuedAt)
                && probe.terminal.read(until: "probe ready", from: continuedAt)
                && probe.terminal.isRaw && fileWhileStopped
            probe.terminal.type("q")
            seen.end = probe.process.waitForEnd(timeoutMilliseconds: 60_000)
        }
    }

    @Test func suspendingPutsTheTerminalBackAndContinuingTakesItAgainAndRepaints() async throws {
        let seen = try await suspendThenContinue { $0.process.send(SIGTSTP) }
        #expect(seen.started, "\(seen.transcript)")
        #expect(seen.stopped, "stopped, as a shell's job")
        #expect(seen.putBack, "the terminal given back while stopped: \(seen.transcript)")
        #expect(seen.retaken, "raw mode, the alternate screen and the whole screen again: \(seen.transcript)")
        #expect(seen.end == .exited(0))
        #expect(!seen.fileLeft)
    }

    @Test func controlZSuspendsLikeAShellsJob() async throws {
        let seen = try await suspendThenContinue { $0.terminal.type("\u{1A}") }   // a key in raw mode
        #expect(seen.started, "\(seen.transcript)")
        #expect(seen.stopped)
        #expect(seen.putBack, "\(seen.transcript)")
        #expect(seen.retaken, "\(seen.transcript)")
        #expect(seen.end == .exited(0))
    }
}
