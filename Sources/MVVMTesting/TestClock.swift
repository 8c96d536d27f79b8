package import MVVMCore
import MVVMLocking
import Testing

/// A clock whose time moves only when the test moves it, and whose moves are deterministic: the
/// clock for a ViewModel under test.
///
/// ```swift
/// let clock = TestClock()
/// let viewModel = clock.perform { SearchViewModel { ["\($0)!"] } }   // its store debounces on `clock`
/// viewModel.send(.searchTextChanged("swift"))
/// await clock.advance(by: .milliseconds(300))     // the search has run, as far as it can
/// ```
///
/// Work of a store on this clock runs on the clock's executor (see the *Testing a ViewModel*
/// article): ``advance(by:fileID:filePath:line:column:)`` first lets that work run until it has
/// finished or waits (on this clock, or on a stub the test controls), then wakes each sleeper that
/// is due, earliest first,
/// letting the work it wakes run the same way before it wakes the next. A sleep that woken work
/// starts, due before the target, is woken in the same advance; the clock then reads the
/// target. `advance(by: .zero)` runs what can run now without moving time.
///
/// Nothing here reads the wall clock. Sleeping until a deadline at or before ``now`` returns at
/// once; a cancelled sleep throws `CancellationError`.
public final class TestClock: Clock, WorkScheduling, Sendable {
    /// A moment on a ``TestClock``: the time advanced since the clock was made.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time between the clock's start and this instant.
        public let offset: Duration

        /// The instant `offset` after a test clock's start.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, e.g. "0.3 seconds".
        public var description: String { "\(offset)" }
    }

    enum Wait {
        case registering
        case waiting(CheckedContinuation<Void, any Error>)
        case cancelled
        case due
    }

    struct Sleeper {
        let deadline: Instant
        var wait: Wait
    }

    struct Timeline {
        var now = Instant()
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    let timeline = Lock(Timeline())

    /// The executor this clock's stores run their work on.
    package let executor = TestWorkExecutor()
    let reporter: TestFailureReporter

    /// Makes a clock that reads zero.
    ///
    /// - Parameter reporter: where ``advance(by:fileID:filePath:line:column:)`` reports work
    ///   that never stops running.
    public init(reporter: TestFailureReporter = .swiftTesting) {
        self.reporter = reporter
    }

    /// The current time: where the last advance left it.
    public var now: Instant { timeline.withLock { $0.now } }

    /// The smallest step the clock takes: none.
    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on this clock now.
    public var sleeperCount: Int {
        timeline.withLock { timeline in
            timeline.sleepers.values.count { if case .waiting = $0.wait { true } else { false } }
        }
    }

    /// The earliest moment a task sleeps until, if any sleeps.
    package var nextDeadline: Instant? {
        timeline.withLock { timeline in
            timeline.sleepers.values.filter {
                switch $0.wait {
                case .registering, .waiting: true
                case .cancelled, .due: false
                }
            }.map(\.deadline).min()
        }
    }

    /// The executor of work whose store uses this clock.
    package var workExecutor: any TaskExecutor { executor }

    /// Suspends until the clock is advanced to `deadline`, or the task is cancelled.
    ///
    /// - Parameters:
    ///   - deadline: when to wake; at or before ``now``, it returns at once.
    ///   - tolerance: ignored: a test clock wakes sleepers exactly.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let registered: UInt64? = timeline.withLock { timeline in
            guard deadline > timeline.now else { return nil }
            timeline.nextID += 1
            timeline.sleepers[timeline.nextID] = Sleeper(deadline: deadline, wait: .registering)
            return timeline.nextID
        }
        guard let id = registered else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let early: Result<Void, any Error>? = timeline.withLock { timeline in
                    switch timeline.sleepers[id]?.wait {
                    case .registering:
                        timeline.sleepers[id]?.wait = .waiting(continuation)
                        return nil
                    case .cancelled:
                        timeline.sleepers[id] = nil
                        return .failure(CancellationError())
                    case .due, .waiting, nil:
                        timeline.sleepers[id] = nil
                        return .success(())
                    }
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Void, any Error>? = timeline.withLock { timeline in
                switch timeline.sleepers[id]?.wait {
                case .waiting(let continuation):
                    timeline.sleepers[id] = nil
                    return continuation
                case .registering:
                    timeline.sleepers[id]?.wait = .cancelled
                    return nil
                case .cancelled, .due, nil:
                    return nil
                }
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Makes what `make` returns with its stores' owned work on this clock's executor, as a
    /// ``ViewModelTester`` makes its ViewModel: ``advance(by:fileID:filePath:line:column:)`` then
    /// runs that work to where it waits. What it makes without a clock waits on this one
    /// (`Dependencies`' clock). The synchronous form of ``perform(isolation:_:)``, for a ViewModel a
    /// test drives through its view (a screen, a view controller, a Driver binding) rather than
    /// through a tester:
    ///
    /// ```swift
    /// let viewModel = clock.perform { OrderHistoryViewModel(service: backend.service) }
    /// let screen = OrderHistoryScreen(viewModel: viewModel)
    /// viewModel.appear()
    /// await clock.advance()   // the orders are shown
    /// ```
    ///
    /// - Parameter make: makes what the test drives.
    /// - Returns: what `make` returns.
    public func perform<Made>(_ make: () throws -> Made) rethrows -> Made {
        try Dependencies.with { $0.clock = self } operation: {
            try WorkContext.$executor.withValue(executor) { try make() }
        }
    }

    /// Drives what `body` makes and starts: the work runs on this clock's executor, so that
    /// ``advance(by:fileID:filePath:line:column:)`` runs it to where it waits (the actors `body`
    /// calls, its child tasks, `async let`, task groups, and the stores and record stores it
    /// makes), and this clock is `Dependencies`' clock, so what `body` makes without a clock
    /// (a `StateStore`, an `Outbox`) waits on it. For code that is not a ViewModel: an outbox's
    /// delivery loop, a client's retries.
    ///
    /// ```swift
    /// try await clock.perform {
    ///     async let _ = outbox.deliver(isRetryable: { _ in true }) { try await server.send($0) }
    ///     try await outbox.enqueue(.delete(userID: 7))
    ///     await clock.advance()              // sent once, failed; backing off
    ///     #expect(server.attempts == 1)
    /// }                                      // the delivery is cancelled and awaited here
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: the actor `body` runs on: the caller's.
    ///   - body: the code to run; what it starts runs on this clock's executor.
    /// - Returns: what `body` returns.
    public func perform<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await Dependencies.with { $0.clock = self } operation: {
            try await WorkContext.$executor.withValue(executor) {
                try await withTaskExecutorPreference(executor) {
                    try await body()
                }
            }
        }
    }
}
