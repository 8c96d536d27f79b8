#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MVVMLocking

/// Puts the terminal back as it was, from any thread (a signal source's queue included): for
/// good (``restore()``), or while the process is suspended (``suspend()``, then ``resume()``).
final class TerminalRestorer: Sendable {
    private enum Mode {
        /// Raw mode on the alternate screen: frames are written.
        case active
        /// Put back while the process is stopped (Ctrl-Z); ``resume()`` takes it again.
        case suspended
        /// Put back for good.
        case restored
    }

    /// What puts the terminal back: the style reset, the cursor shown, line wrap on, bracketed
    /// paste off, the main screen.
    static let restoreSequence = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l".utf8)
    /// What takes it: the alternate screen, the cursor hidden, line wrap off (a character a
    /// terminal draws wider than counted stays on its row), bracketed paste on (pasted text
    /// arrives as ``Key/paste(_:)``, never as key presses), the screen cleared.
    static let takeSequence = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[2J".utf8)

    private let original: termios
    private let raw: termios
    private let mode = Lock(Mode.active)

    init(original: termios, raw: termios) {
        self.original = original
        self.raw = raw
    }

    /// Resets the style, shows the cursor, leaves the alternate screen and restores the saved
    /// termios settings; later calls do nothing.
    func restore() {
        mode.withLock { mode in
            if mode == .active { putBack() }
            mode = .restored
        }
    }

    /// Puts the terminal back as ``restore()`` does, until ``resume()``.
    /// - Returns: whether it was taken (not already suspended or restored).
    func suspend() -> Bool {
        mode.withLock { mode in
            guard mode == .active else { return false }
            putBack()
            mode = .suspended
            return true
        }
    }

    /// Takes the terminal again (raw mode, alternate screen, cleared): after ``suspend()``, or
    /// after the process was stopped and continued from outside, when the shell may have changed
    /// the settings. The caller repaints everything.
    /// - Returns: whether it did (not after ``restore()``).
    func resume() -> Bool {
        mode.withLock { mode in
            guard mode != .restored else { return false }
            var settings = raw
            // TCSADRAIN, not TCSAFLUSH: keys typed right after `fg` are the user's, keep them.
            _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &settings)
            TerminalOutput.send(Self.takeSequence)
            mode = .active
            return true
        }
    }

    /// Writes `bytes` unless the terminal is put back: under the same lock as ``restore()``, so
    /// a frame never interleaves with the restore or follows it onto the user's screen.
    func write(_ bytes: [UInt8]) {
        mode.withLock { mode in
            if mode == .active { TerminalOutput.send(bytes) }
        }
    }

    private func putBack() {
        TerminalOutput.send(Self.restoreSequence)
        var settings = original
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }
}
