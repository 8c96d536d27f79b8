import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// The request parts Hummingbird's HTTP/1 pipeline carries after its decoder (NIOHTTPTypes'
/// `HTTPRequestPart`), named through Hummingbird so the demo needs no other package.
typealias RequestPart = HTTPConnectionStateHandler.InboundIn
/// The response parts Hummingbird's HTTP/1 pipeline carries (NIOHTTPTypes' `HTTPResponsePart`).
typealias ResponsePart = HTTPConnectionStateHandler.OutboundIn

/// Bounds how long a request head may take to arrive, and answers a head the HTTP decoder refuses
/// (too large, or not HTTP) with the API's JSON error instead of Hummingbird's empty 400.
///
/// Hummingbird's idle timeout counts decoded parts, so a client sending a head a byte a second
/// (slowloris) held its connection for the whole idle timeout. This handler sits after the HTTP
/// decoder, where it sees heads, ends and responses; it puts a ``RequestHeadBytes`` at the front
/// of the pipeline, which tells it when bytes arrive. The timer runs:
/// - from the connection's start until its first head is decoded;
/// - for each later (keep-alive) request, from its first byte until its head is decoded.
///
/// Between requests nothing runs but the idle timeout. A head still incomplete when the timer
/// fires is answered 408 `request_timeout` (once every answer in flight is written) and the
/// connection closed; a connection that sent no byte of it is closed without an answer. (Bytes
/// are seen before they are decoded, so a pipelined head that begins in the same read as the end
/// of the request before it is timed from the connection's next read.)
///
/// A head is judged by what came by the deadline, not by what the event loop had read by then.
/// A loop handles its sockets' input, then runs the tasks that are due; a loop held up past the
/// deadline (busy with other connections, or its thread not run) would run the timer before it
/// reads bytes that had waited in the socket all along, and close a client that sent its whole
/// head at once without an answer. So when the timer runs out, the head gets one short grace
/// (``grace(for:)``: a tenth of the timeout, at least 50 ms) and is judged when that ends: the
/// loop reads its sockets at least once before. A client still sending gains nothing from it.
///
/// A decoder error on a head, with no answer in flight, is answered here: 414 or 431
/// `request_too_large` for a head over ``maximumHeadSize`` (414 when the request line alone is
/// that long), 400 `invalid_request` otherwise, then the connection is closed. An error in a body,
/// or with an answer in flight, goes on to Hummingbird as before (a body's error reaches the
/// route, which answers 400 `invalid_body`).
///
/// While the connection waits on its client (for a head, or idle between requests, with no answer
/// in flight), it is listed in ``WaitingConnections``, which closes the one that waited longest
/// when the connection cap is reached.
///
/// All state lives on the channel's event loop, as NIO handlers' state does.
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = RequestPart
    typealias InboundOut = RequestPart
    typealias OutboundIn = ResponsePart
    typealias OutboundOut = ResponsePart

    /// The most bytes a request head (request line and header fields) may have, and the most
    /// bytes one header field may have: the HTTP decoder's limits.
    static let maximumHeadSize = 80 * 1024
    /// The most header fields a request head may have: the HTTP decoder's limit.
    static let maximumHeaderFieldCount = 1000
    /// How long a connection stays half-open after its last answer, for the client to read it
    /// and close.
    static let lingering = TimeAmount.seconds(2)

    private enum Phase {
        /// Reading a request head: the timer runs.
        case readingHead
        /// A head was decoded; its body (if any) is being read.
        case readingBody
        /// The last request was read whole; the next byte starts a head.
        case betweenRequests
        /// The timer fired with answers still in flight: the 408 goes out after the last of them.
        case timedOut
        /// The guard answered (or gave up on) the connection and is closing it: what arrives is
        /// dropped.
        case closing
    }

    private let timeout: TimeAmount
    private let rejections: RejectionLog
    private let waiting: WaitingConnections
    private var context: ChannelHandlerContext?
    /// Whether the connection is listed in ``waiting``.
    private var listedAsWaiting = false
    private var phase = Phase.readingHead
    private var timer: Scheduled<Void>?
    private var started = false
    /// Whether the current head's timer ran out once already: it is in its grace.
    private var inGrace = false
    /// Requests whose head was read and whose answer's end is not written yet.
    private var answersInFlight = 0
    /// Bytes of the current head seen so far.
    private var headBytes = 0
    /// Whether a byte other than CR or LF came in the current head (empty lines before a request
    /// line are allowed, and skipped).
    private var requestLineStarted = false
    /// The request line's length with its line break, once its end came.
    private var requestLineLength: Int?

    /// - Parameters:
    ///   - timeout: How long a head may take (``DemoServerConfiguration/headerReadTimeout``).
    ///   - rejections: Where a late or refused head is reported.
    ///   - waiting: The server's list of connections that wait on their client.
    init(timeout: Duration, rejections: RejectionLog, waiting: WaitingConnections) {
        self.timeout = TimeAmount(timeout)
        self.rejections = rejections
        self.waiting = waiting
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        do {
            try context.pipeline.syncOperations.addHandler(RequestHeadBytes(guard: self), position: .first)
        } catch {
            // Only if the channel is already closing: nothing left to guard.
            context.fireErrorCaught(error)
        }
        if context.channel.isActive { start() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        phase = .closing
        listWaiting()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        start()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        phase = .closing
        listWaiting()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (phase, unwrapInboundIn(data)) {
        case (.timedOut, _), (.closing, _):
            // Too late: the head timed out or was refused.
            return
        case (_, .head):
            cancelTimer()
            phase = .readingBody
            answersInFlight += 1
        case (.readingBody, .end):
            phase = .betweenRequests
        case (_, .body), (_, .end):
            break
        }
        listWaiting()
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        answersInFlight -= 1
        listWaiting()
        context.write(data, promise: promise)
        if phase == .timedOut, answersInFlight == 0 {
            answer(.requestTimeout(after: Duration(timeout)))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if phase == .closing { return }   // the decoder refusing what came after the refused head
        guard let error = error as? HTTPParserError, answersInFlight == 0,
              phase == .readingHead || phase == .betweenRequests
        else {
            context.fireErrorCaught(error)
            return
        }
        cancelTimer()
        if error == .headerOverflow {
            rejections.record(.oversizedHead)
            // The head's bytes were counted from its first one only in `readingHead` (see above).
            let requestLineTooLong = phase == .readingHead && (requestLineLength ?? .max) > Self.maximumHeadSize
            answer(requestLineTooLong ? .requestLineTooLong(limit: Self.maximumHeadSize) : .requestHeadTooLarge(
                limit: Self.maximumHeadSize, fields: Self.maximumHeaderFieldCount
            ))
        } else {
            answer(.invalidRequest())
        }
    }

    /// Whether the connection's last answer is decided (a timeout or a refused head): bytes that
    /// come now are dropped before the decoder.
    var dropsInput: Bool {
        phase == .timedOut || phase == .closing
    }

    /// Called by ``RequestHeadBytes`` with each read, before the decoder sees it.
    func bytesArrived(_ bytes: ByteBuffer) {
        switch phase {
        case .betweenRequests:
            phase = .readingHead
            headBytes = 0
            requestLineStarted = false
            requestLineLength = nil
            armTimer()
            listWaiting()
        case .readingHead:
            break
        case .readingBody, .timedOut, .closing:
            return
        }
        if requestLineLength == nil {
            let readable = bytes.readableBytesView
            for (offset, byte) in readable.enumerated() {
                if byte == UInt8(ascii: "\n") {
                    if requestLineStarted {
                        requestLineLength = headBytes + offset + 1
                        break
                    }
                } else if byte != UInt8(ascii: "\r") {
                    requestLineStarted = true
                }
            }
        }
        headBytes += bytes.readableBytes
    }

    /// The connection began: its first head is awaited from now.
    private func start() {
        guard !started else { return }
        started = true
        armTimer()
        listWaiting()
    }

    /// Lists the connection in ``waiting`` while it waits on its client: reading a head or idle
    /// between requests, with no answer in flight.
    private func listWaiting() {
        let waitsOnClient = started && answersInFlight == 0 && (phase == .readingHead || phase == .betweenRequests)
        guard waitsOnClient != listedAsWaiting, let channel = context?.channel else { return }
        listedAsWaiting = waitsOnClient
        if waitsOnClient {
            waiting.startedWaiting(channel)
        } else {
            waiting.stoppedWaiting(channel)
        }
    }

    /// The extra time a head gets after its timer ran out, for a loop that was held up to read
    /// what waited in the socket: a tenth of `timeout`, at least 50 ms.
    static func grace(for timeout: TimeAmount) -> TimeAmount {
        max(.nanoseconds(timeout.nanoseconds / 10), .milliseconds(50))
    }

    private func armTimer() {
        guard let context, timer == nil else { return }
        inGrace = false
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            timer = nil
            timedOut()
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    private func timedOut() {
        guard phase == .readingHead, let context else { return }
        if !inGrace {
            // Judged after the grace: the loop reads what waits in the socket first (see above).
            inGrace = true
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.grace(for: timeout)) { [self] in
                timer = nil
                timedOut()
            }
            return
        }
        headIsLate(context)
    }

    /// The head did not come in time: answers 408 if part of it came, else closes the connection.
    private func headIsLate(_ context: ChannelHandlerContext) {
        rejections.record(.slowRequestHead)
        if headBytes == 0 || !requestLineStarted {
            // Nothing of a request came (or only empty lines): nothing to answer.
            phase = .closing
            listWaiting()
            context.close(promise: nil)
        } else if answersInFlight > 0 {
            phase = .timedOut
        } else {
            answer(.requestTimeout(after: Duration(timeout)))
        }
    }

    /// Writes `error` as the connection's last answer, then closes the connection: its sending
    /// side at once, the rest once the client closes too or after ``lingering``. What the client
    /// still sends meanwhile (the rest of a huge head) is read and dropped; closing with it unread
    /// would reset the connection, and a client still sending could lose the answer.
    private func answer(_ error: APIError) {
        guard let context else { return }
        cancelTimer()
        phase = .closing
        listWaiting()
        let body = error.jsonBody
        var head = HTTPResponse(status: .init(code: error.status))
        head.headerFields[.contentType] = JSONResponse.contentType
        head.headerFields[.contentLength] = String(body.count)
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { [self] _ in
            guard self.context != nil else { return }   // already closed
            context.close(mode: .output, promise: nil)
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingering) { [self] in
                timer = nil
                self.context?.close(promise: nil)
            }
        }
    }
}
