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
        let alreadyRestored = restored.withLock { done in
            defer { done = true }
            return done
        }
        guard !alreadyRestored else { return }
        TerminalOutput.send(Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8))
        var settings = original
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }
}
