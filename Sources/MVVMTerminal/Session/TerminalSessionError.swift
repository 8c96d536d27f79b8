/// Why a ``TerminalSession`` could not start.
public enum TerminalSessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input is not a terminal (it is a pipe or a file).
    case notATerminal

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .notATerminal: "standard input is not a terminal"
        }
    }
}
