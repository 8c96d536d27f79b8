import Foundation
import MVVMTerminal

/// Unbuffered writes to standard output and standard error, so a line shows at once even when
/// the output is a pipe.
enum Console {
    /// Writes `text` as one line to `handle`, made safe for a terminal first: a path or value
    /// from the command line (`--database $'\e]0;title\a'`) never sets the terminal's title or
    /// colours (`TerminalText.sanitize`, the sanitiser the screens use).
    static func writeLine(_ text: String, to handle: FileHandle) {
        handle.write(Data((TerminalText.sanitize(text) + "\n").utf8))
    }
}
