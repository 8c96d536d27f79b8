#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Puts the terminal back as it was, once, from any thread (a signal source's queue included).
final class TerminalRestorer: Sendable {
    private let original: termios
    private let restored = Mutex(false)

    init(original: termios) {
        self.original = original
    }

    /// Resets the style, shows the cursor, leaves the alternate screen and restores the saved
    /// termios settings; later calls do nothing.
    func restore() {
        restored.withLock { done in
            guard !done else { return }
            done = true
            TerminalOutput.send(Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8))
            var settings = original
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        }
    }

    /// Writes `bytes` unless the terminal was restored: under the same lock as ``restore()``, so
    /// a frame never interleaves with the restore or follows it onto the user's screen.
    func write(_ bytes: [UInt8]) {
        restored.withLock { done in
            if !done { TerminalOutput.send(bytes) }
        }
    }
}
