/// What happens when work starts under a key whose previous work is still running.
///
/// ```swift
/// store.run("search", policy: .debounce(for: .milliseconds(300))) { ... }   // search box
/// store.run("loadMore", policy: .dropWhileRunning) { ... }                   // infinite scroll
/// store.run("save", policy: .queue) { ... }                                  // writes, in order
/// ```
public struct WorkPolicy: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case latestWins
        case dropWhileRunning
        case queue
        case debounce(Duration)
        case throttle(Duration, latest: Bool)
    }

    let kind: Kind

    /// Cancel the running work and start the new one: a stale result never lands (search).
    public static let latestWins = WorkPolicy(kind: .latestWins)

    /// Ignore the new work while the previous one runs (load more, pull to refresh).
    public static let dropWhileRunning = WorkPolicy(kind: .dropWhileRunning)

    /// Run after the previous work under the key finishes, in the order started (writes).
    public static let queue = WorkPolicy(kind: .queue)

    /// Latest wins, after `duration` passes on the store's clock with no newer work.
    ///
    /// Work started again within `duration` restarts the wait, so only the last of a burst runs;
    /// it also cancels the previous work if that already started.
    public static func debounce(for duration: Duration) -> WorkPolicy {
        WorkPolicy(kind: .debounce(duration))
    }

    /// At most one run per `interval` on the store's clock.
    ///
    /// The first work runs at once and opens a window of `interval`. Work started inside the
    /// window waits for its end; at the end, the last such work runs (or the first, when
    /// `latest` is `false`) and opens a new window. This is Combine's `throttle(for:latest:)`.
    public static func throttle(for interval: Duration, latest: Bool = true) -> WorkPolicy {
        WorkPolicy(kind: .throttle(interval, latest: latest))
    }

    /// The policy as written, e.g. `debounce(0.3 seconds)`.
    public var description: String {
        switch kind {
        case .latestWins: "latestWins"
        case .dropWhileRunning: "dropWhileRunning"
        case .queue: "queue"
        case .debounce(let duration): "debounce(\(duration))"
        case .throttle(let interval, let latest): "throttle(\(interval), latest: \(latest))"
        }
    }
}
