import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The open connections that wait on their client (for a request head, or idle between
/// requests, with no answer in flight), and when each began to wait; at the connection cap, the
/// one that has waited longest is closed to make room.
///
/// Slow clients from many addresses (slowloris, 20–40 addresses at one byte a second) pass the
/// per-client cap and can fill every one of ``DemoServerConfiguration/maximumConnections``; new
/// connections then wait in the backlog until the header read timeout frees a slot, and normal
/// requests time out. So while the cap holds new connections back, the connection
/// that has waited longest on its client is closed, once it has waited ``minimumWait``: a client
/// that sends its head at once never waits that long, and one that sends a byte a second always
/// does. A connection with an answer in flight is never closed here.
///
/// ``RequestHeadGuard`` reports each connection's waits from its event loop; ``ConnectionCap``
/// reports the cap from the server's. A connection chosen is closed through its channel, from
/// any thread (NIO's `Channel` is thread-safe).
final class WaitingConnections: Sendable {
    private struct Waiting: Sendable {
        let channel: any Channel
        let since: NIODeadline
    }

    private struct State: Sendable {
        var waiting: [ObjectIdentifier: Waiting] = [:]
        /// Set while the cap holds new connections back.
        var starved = false
        /// Evicts while starved, in case no close or accept comes to ask again.
        var retry: RepeatedTask?
    }

    /// How long a connection must have waited on its client before it may be closed to make room:
    /// a tenth of the header read timeout, at least 50 ms.
    let minimumWait: TimeAmount
    private let rejections: RejectionLog
    private let state = NIOLockedValueBox(State())

    /// - Parameters:
    ///   - headerReadTimeout: The server's header read timeout, which ``minimumWait`` is a tenth of.
    ///   - rejections: Where a connection closed to make room is reported.
    init(headerReadTimeout: Duration, rejections: RejectionLog) {
        self.minimumWait = max(.nanoseconds(TimeAmount(headerReadTimeout).nanoseconds / 10), .milliseconds(50))
        self.rejections = rejections
    }

    /// `channel` began to wait on its client (a no-op if it already waits).
    func startedWaiting(_ channel: any Channel) {
        let now = NIODeadline.now()
        state.withLockedValue { state in
            let id = ObjectIdentifier(channel)
            if state.waiting[id] == nil { state.waiting[id] = Waiting(channel: channel, since: now) }
        }
    }

    /// `channel` stopped waiting on its client: a request came, or it closed.
    func stoppedWaiting(_ channel: any Channel) {
        _ = state.withLockedValue { $0.waiting.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Called by the cap each time it decides: while it refuses new connections, the connection
    /// that has waited longest (``minimumWait`` or more) is closed, now or as soon as one has.
    func capReached(_ reached: Bool) {
        let retry: RepeatedTask? = state.withLockedValue { state in
            state.starved = reached
            guard !reached, let retry = state.retry else { return nil }
            state.retry = nil
            return retry
        }
        retry?.cancel()
        guard reached else { return }
        closeLongestWaiting()
        startRetrying()
    }

    /// While starved, looks again a few times per ``minimumWait``: the cap asks only when a
    /// connection opens or closes, and none may until a waiting one is old enough.
    private func startRetrying() {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let interval = TimeAmount.nanoseconds(max(minimumWait.nanoseconds / 4, 1_000_000))
        state.withLockedValue { state in
            guard state.starved, state.retry == nil else { return }
            // Cancelled by `capReached(false)`, which takes it out under the same lock.
            state.retry = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { [self] _ in
                if self.state.withLockedValue({ $0.starved }) { closeLongestWaiting() }
            }
        }
    }

    /// Closes the connection that has waited longest on its client, if it waited at least
    /// ``minimumWait``; it stops counting as waiting at once, so the next call picks another.
    private func closeLongestWaiting() {
        let now = NIODeadline.now()
        let chosen: (any Channel)? = state.withLockedValue { state in
            guard let (id, longest) = state.waiting.min(by: { $0.value.since < $1.value.since }),
                  now - longest.since >= minimumWait
            else { return nil }
            state.waiting[id] = nil
            return longest.channel
        }
        guard let chosen else { return }
        rejections.record(.longestWaitingClosed)
        chosen.close(promise: nil)
    }
}
