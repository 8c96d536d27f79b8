import NIOCore

/// The front of a connection's pipeline, before the HTTP decoder: tells its
/// ``RequestHeadGuard`` when bytes arrive, and drops them once the guard is closing the
/// connection (the decoder has refused the head, or the head came too late).
final class RequestHeadBytes: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let headGuard: RequestHeadGuard

    /// - Parameter headGuard: The guard, later in the same pipeline, to tell.
    init(guard headGuard: RequestHeadGuard) {
        self.headGuard = headGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !headGuard.dropsInput else { return }
        headGuard.bytesArrived(unwrapInboundIn(data))
        context.fireChannelRead(data)
    }
}
