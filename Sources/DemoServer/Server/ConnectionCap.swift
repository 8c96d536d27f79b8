import HummingbirdCore

/// Hummingbird's connection cap, reporting to the rejection log when it stops accepting.
struct ConnectionCap: AvailableConnectionsDelegate {
    private var cap: MaximumAvailableConnections
    private let rejections: RejectionLog

    init(maximum: Int, rejections: RejectionLog) {
        self.cap = MaximumAvailableConnections(maximum)
        self.rejections = rejections
    }

    mutating func connectionOpened() { cap.connectionOpened() }

    mutating func connectionClosed() { cap.connectionClosed() }

    func isAcceptingNewConnections() -> Bool {
        let accepting = cap.isAcceptingNewConnections()
        if !accepting { rejections.record(.connectionLimit) }
        return accepting
    }
}
