/// Why ``TerminalApp/run()`` returned.
///
/// ```swift
/// let exit = try await TerminalApp(root: home).run()
/// await server.stop()                  // clean up in both cases
/// if exit != .finished { Foundation.exit(exit.status) }
/// ```
public enum TerminalAppExit: Equatable, Sendable {
    /// The last screen popped, a screen quit, Ctrl-C was pressed or the input closed.
    case finished
    /// A signal that ends a process arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1…, from
    /// `kill` or a closed window, not a key:
    /// Ctrl-C is a key in raw mode). The terminal was restored at once; the program should clean
    /// up and exit with ``status``.
    case terminated(signal: Int32)

    /// The conventional exit status: 0 when finished, 128 + the signal's number when terminated
    /// (143 for SIGTERM).
    public var status: Int32 {
        switch self {
        case .finished: 0
        case .terminated(let signal): 128 + signal
        }
    }
}
