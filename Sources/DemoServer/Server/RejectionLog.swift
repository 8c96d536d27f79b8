import Logging
import Synchronization

/// Logs the first time the server turns a client away for each reason, and stays quiet about
/// later ones: a flood of idle connections or oversized bodies makes one warning, not one per
/// connection, so the log stays readable while the server is attacked.
final class RejectionLog: Sendable {
    /// Why the server turned a client away.
    enum Rejection: Hashable, Sendable, CaseIterable {
        /// The connection cap was reached: new connections wait in the backlog.
        case connectionLimit
        /// A connection was closed because it stayed silent (idle, or a request that stopped
        /// arriving) for the idle timeout.
        case idleConnection
        /// A request body was over its route's limit (413).
        case oversizedBody
    }

    private let logger: Logger
    private let idleTimeout: Duration
    private let maximumConnections: Int
    private let logged = Mutex<Set<Rejection>>([])

    init(logger: Logger, idleTimeout: Duration, maximumConnections: Int) {
        self.logger = logger
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
    }

    /// Records one rejection; only the first of each kind is logged (as a warning).
    func record(_ rejection: Rejection) {
        let isFirst = logged.withLock { $0.insert(rejection).inserted }
        guard isFirst else { return }
        logger.warning("\(message(for: rejection)) Later ones are not logged.", metadata: ["rejection": "\(rejection)"])
    }

    private func message(for rejection: Rejection) -> Logger.Message {
        switch rejection {
        case .connectionLimit:
            "Serving the maximum of \(maximumConnections) connections: new connections wait until one closes."
        case .idleConnection:
            "Closed a connection that stayed silent for \(idleTimeout) (idle, or a request that stopped arriving)."
        case .oversizedBody:
            "Refused a request body over its limit (413)."
        }
    }
}
