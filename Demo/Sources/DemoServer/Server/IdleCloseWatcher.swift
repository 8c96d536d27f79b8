import NIOCore

/// Sees the server close a connection after it stayed silent, and tells the rejection log.
///
/// Hummingbird closes silent connections itself (its idle timeout) without saying so. This handler
/// sits in front of Hummingbird's connection state handler, so the server's `close` passes
/// through it: a close that comes at least half the idle timeout after the connection's last
/// read or write, and not because the server is shutting down, is an idle close. (A close after
/// a response comes right after that response's write.)
final class IdleCloseWatcher: ChannelDuplexHandler, RemovableChannelHandler {
    // Parts pass through untouched: the types only name what flows here.
    typealias InboundIn = Any
    typealias InboundOut = Any
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    private let rejections: RejectionLog
    private let threshold: Duration
    private var lastActivity = ContinuousClock.now
    private var isQuiescing = false

    init(idleTimeout: Duration, rejections: RejectionLog) {
        self.threshold = idleTimeout / 2
        self.rejections = rejections
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActivity = .now
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent { isQuiescing = true }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        lastActivity = .now
        context.write(data, promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if !isQuiescing, ContinuousClock.now - lastActivity >= threshold {
            rejections.record(.idleConnection)
        }
        context.close(mode: mode, promise: promise)
    }
}
