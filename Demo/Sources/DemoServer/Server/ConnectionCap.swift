import HummingbirdCore

/// Hummingbird's connection cap, reporting to the rejection log when it stops accepting, and
/// making room then by closing the connection that has waited longest on its client
/// (``WaitingConnections``).
struct ConnectionCap: AvailableConnectionsDelegate {
    private var cap: MaximumAvailableConnections
    private let rejections: RejectionLog
    private let waiting: WaitingConnections

    init(maximum: Int, rejections: RejectionLog, waiting: WaitingConnections) {
        self.cap = MaximumAvailableConnections(maximum)
        self.rejections = rejections
        self.waiting = waiting
    }

    mutating func connectionOpened() { cap.connectionOpened() }

    mutating func connectionClosed() { cap.connectionClosed() }

    func isAcceptingNewConnections() -> Bool {
        let accepting = cap.isAcceptingNewConnections()
        if !accepting { rejections.record(.connectionLimit) }
        waiting.capReached(!accepting)
        return accepting
    }
}
