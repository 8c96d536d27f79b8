import ArgumentParser
import MVVMTerminal

extension ParsableCommand {
    /// Ends the process for `error` as ArgumentParser's `exit(withError:)` does, its message made
    /// safe for a terminal (`CommandLineExit`).
    static func exitSafely(withError error: any Error) -> Never {
        CommandLineExit.exit(printing: fullMessage(for: error), status: exitCode(for: error).rawValue)
    }
}
