public import Foundation

/// Why ``DemoServer/start(_:logger:)`` could not start the server. Its ``description`` is one
/// sentence a person can act on.
public enum DemoServerError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// Another process already listens on the port.
    case portInUse(host: String, port: Int)
    /// The server could not listen on the host and port for another reason (an unknown host, a
    /// privileged port, …).
    case cannotListen(host: String, port: Int, reason: String)
    /// The database file could not be created, opened or seeded.
    case databaseUnavailable(path: String, reason: String)
    /// A configuration value is out of range.
    case invalidConfiguration(String)
    /// A file that ships in the DemoServer bundle is missing or unreadable.
    case resourceMissing(String)
    /// The task that called `start` was cancelled before the server was listening.
    case cancelled

    /// One sentence describing the problem.
    public var description: String {
        switch self {
        case .portInUse(let host, let port):
            return "Port \(port) is already in use on \(host)."
        case .cannotListen(let host, let port, let reason):
            return "Cannot listen on \(host):\(port): \(reason)."
        case .databaseUnavailable(let path, let reason):
            return "Cannot use the database at \(path): \(reason)."
        case .invalidConfiguration(let message):
            return message
        case .resourceMissing(let name):
            return "The bundled resource \(name) is missing from the DemoServer bundle."
        case .cancelled:
            return "Starting the demo server was cancelled."
        }
    }

    /// The same sentence as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
