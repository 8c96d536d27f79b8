import ArgumentParser
import Foundation
import MVVMTerminal

extension ParsableCommand {
    /// Ends the process for `error` as ArgumentParser's `exit(withError:)` does (the help on
    /// standard output with status 0, an error on standard error with its status), but with the
    /// message made safe for a terminal line by line: ArgumentParser quotes what the user typed
    /// (`mvvm-demo $'\e]0;pwned\a'`), and an escape sequence there is shown as `�`, never acted on
    /// (`HostileArgumentsTests`).
    static func exitSafely(withError error: any Error) -> Never {
        let message = TerminalText.sanitizeLines(fullMessage(for: error))
        let code = exitCode(for: error)
        if !message.isEmpty {
            let output = code == .success ? FileHandle.standardOutput : FileHandle.standardError
            output.write(Data((message + "\n").utf8))
        }
        Foundation.exit(code.rawValue)
    }
}
