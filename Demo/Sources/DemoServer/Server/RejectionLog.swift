import Logging
import NIOConcurrencyHelpers

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
        /// A request head did not arrive within the header read timeout (408, or closed without
        /// an answer when nothing of it came).
        case slowRequestHead
        /// A request head was over the HTTP decoder's limits (414 or 431).
        case oversizedHead
        /// A client (an IP address) opened a connection past its cap: the connection was closed.
        case clientConnectionLimit
        /// At the connection cap, the connection that had waited longest on its client (for a
        /// request head, or idle between requests) was closed to make room.
        case longestWaitingClosed
    }

    private let logger: Logger
    private let configuration: DemoServerConfiguration
    private let logged = NIOLockedValueBox<Set<Rejection>>([])

    /// - Parameters:
    ///   - logger: Where the warnings go.
    ///   - configuration: The limits the messages name.
    init(logger: Logger, configuration: DemoServerConfiguration) {
        self.logger = logger
        self.configuration = configuration
    }

    /// Records one rejection; only the first of each kind is logged (as a warning), with
    /// `metadata` (such as the client's address) beside the reason.
    func record(_ rejection: Rejection, metadata: Logger.Metadata = [:]) {
        let isFirst = logged.withLockedValue { $0.insert(rejection).inserted }
        guard isFirst else { return }
        logger.warning(
            "\(message(for: rejection)) Later ones are not logged.",
            metadata: metadata.merging(["rejection": "\(rejection)"]) { _, reason in reason }
        )
    }

    private func message(for rejection: Rejection) -> Logger.Message {
        switch rejection {
        case .connectionLimit:
            "Serving the maximum of \(configuration.maximumConnections) connections: new connections wait until one closes."
        case .idleConnection:
            "Closed a connection that stayed silent for \(configuration.idleTimeout) (idle, or a request that stopped arriving)."
        case .oversizedBody:
            "Refused a request body over its limit (413)."
        case .slowRequestHead:
            "Closed a connection whose request head did not arrive within \(configuration.headerReadTimeout) (a slow or silent client; answered 408 if part of the head came)."
        case .oversizedHead:
            "Refused a request head over \(RequestHeadGuard.maximumHeadSize / 1024) KiB (414 or 431)."
        case .clientConnectionLimit:
            "Closed a new connection from a client that already had \(configuration.maximumConnectionsPerClient) connections open (the per-client cap)."
        case .longestWaitingClosed:
            "At the cap of \(configuration.maximumConnections) connections, closed the one that had waited longest for its client (a slow request head, or idle between requests) to make room."
        }
    }
}
