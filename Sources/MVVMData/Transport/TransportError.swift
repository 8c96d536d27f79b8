/// Why no HTTP response arrived.
public enum TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No network, or nothing listens at the host and port (connection refused).
    case cannotConnect(String)
    /// The host name did not resolve.
    case cannotFindHost(String)
    /// No response within the request's timeout.
    case timedOut
    /// The connection dropped before the response was complete.
    case connectionLost
    /// The request was cancelled.
    case cancelled
    /// Anything else the network layer reported.
    case other(String)

    /// What happened, for logs and test failures.
    public var description: String {
        switch self {
        case .cannotConnect(let detail): "cannot connect (\(detail))"
        case .cannotFindHost(let host): "cannot find host \(host)"
        case .timedOut: "timed out"
        case .connectionLost: "connection lost"
        case .cancelled: "cancelled"
        case .other(let detail): detail
        }
    }
}
