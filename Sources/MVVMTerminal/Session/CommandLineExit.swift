#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How a command-line tool leaves with a message: the message made safe for a terminal line by
/// line (``TerminalText/sanitizeLines(_:)``), on standard output for status 0 (help) and on
/// standard error otherwise, then the status.
///
/// A parser's messages quote what the user typed (`mvvm-demo $'\e]0;pwned\a'`): an escape
/// sequence there is shown as `�`, never acted on. The demo's executables leave through it for
/// ArgumentParser's help and errors (`HostileArgumentsTests`):
///
/// ```swift
/// CommandLineExit.exit(printing: fullMessage(for: error), status: exitCode(for: error).rawValue)
/// ```
public enum CommandLineExit {
    /// Prints `message` (nothing when it is empty) and ends the process with `status`.
    public static func exit(printing message: String, status: Int32) -> Never {
        let safe = TerminalText.sanitizeLines(message)
        if !safe.isEmpty {
            let output = status == 0 ? FileHandle.standardOutput : FileHandle.standardError
            output.write(Data((safe + "\n").utf8))
        }
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }
}
