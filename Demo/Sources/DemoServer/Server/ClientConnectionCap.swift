import Logging
import NIOCore
import NIOConcurrencyHelpers

/// Counts each client's open connections (a client is a remote IP address), so that one client
/// cannot take all of the server's ``DemoServerConfiguration/maximumConnections``.
final class ClientConnectionCounts: Sendable {
    /// The most connections one address may have open at once.
    let maximum: Int
    private let counts = NIOLockedValueBox<[String: Int]>([:])

    /// - Parameter maximum: The most connections one address may have open at once.
    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts a new connection from `address`; `false` (and nothing counted) if the address
    /// already has ``maximum`` open.
    func open(_ address: String) -> Bool {
        counts.withLockedValue { counts in
            let open = counts[address, default: 0]
            guard open < maximum else { return false }
            counts[address] = open + 1
            return true
        }
    }

    /// Uncounts a connection ``open(_:)`` counted.
    func close(_ address: String) {
        counts.withLockedValue { counts in
            let open = counts[address, default: 1] - 1
            counts[address] = open > 0 ? open : nil
        }
    }
}

/// Closes a new connection at once when its client already has its share of connections open
/// (``ClientConnectionCounts``), and reports it to the rejection log; otherwise counts the
/// connection while it is open. A connection without an IP address (none on TCP) is not counted.
final class ClientConnectionCap: ChannelInboundHandler, RemovableChannelHandler {
    // Parts pass through untouched: the type only names what flows here.
    typealias InboundIn = Any
    typealias InboundOut = Any

    private let counts: ClientConnectionCounts
    private let rejections: RejectionLog
    private var checked = false
    /// The address this connection is counted under, while it is.
    private var counted: String?

    /// - Parameters:
    ///   - counts: The server's count of open connections by address.
    ///   - rejections: Where a connection closed for its client's cap is reported.
    init(counts: ClientConnectionCounts, rejections: RejectionLog) {
        self.counts = counts
        self.rejections = rejections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { check(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        check(context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    private func check(_ context: ChannelHandlerContext) {
        guard !checked else { return }
        checked = true
        guard let address = context.channel.remoteAddress?.ipAddress else { return }
        if counts.open(address) {
            counted = address
        } else {
            rejections.record(.clientConnectionLimit, metadata: ["client": "\(address)"])
            context.close(promise: nil)
        }
    }

    private func release() {
        if let counted { counts.close(counted) }
        counted = nil
    }
}
