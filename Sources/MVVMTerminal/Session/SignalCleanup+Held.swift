#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

extension SignalCleanup {
    /// Runs `body`, which makes something the cleanup undoes and registers it (a folder made and
    /// registered for removal, the terminal put in raw mode and its settings saved), so that no
    /// signal's cleanup runs in the middle of it: a cleanup that begins meanwhile, on any thread,
    /// waits until `body` returns, then undoes what it made.
    ///
    /// Without it, a signal handled on another thread while this one makes a registered folder
    /// could remove the folder before it exists and end the process after it was made: the
    /// folder stayed (CI's early-signal test, 2 starts in 100 on a busy machine).
    ///
    /// The cleanup's signals (``defaultSignals``) are blocked on this thread meanwhile (one that
    /// arrives here is handled when `body` returns), so their handler never waits for the thread
    /// it interrupted. A crash inside `body` cannot be blocked: its cleanup waits the full second
    /// first. Once a cleanup has begun, `body` does not run: the thread waits for the process to
    /// end. Keep `body` short; a cleanup waits for it at most a second.
    public static func withCleanupHeld<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in defaultSignals { sigaddset(&blocked, signalNumber) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        heldSections.add(1, ordering: .sequentiallyConsistent)
        // Either this thread sees the cleanup begun, or the cleanup sees this section and waits.
        if cleanupHasBegun.load(ordering: .sequentiallyConsistent) {
            heldSections.subtract(1, ordering: .sequentiallyConsistent)
            while true { _ = pause() }
        }
        defer { heldSections.subtract(1, ordering: .sequentiallyConsistent) }
        return try body()
    }

    /// From a signal handler, before the cleanup: marks it begun, then waits (at most a second,
    /// in 1 ms sleeps) for the sections running ``withCleanupHeld(_:)`` to end. Only lock-free
    /// atomics and `nanosleep`, which is async-signal-safe.
    static func beginCleanup() {
        cleanupHasBegun.store(true, ordering: .sequentiallyConsistent)
        var waited = 0
        while heldSections.load(ordering: .sequentiallyConsistent) > 0, waited < 1000 {
            var millisecond = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            _ = nanosleep(&millisecond, nil)
            waited += 1
        }
    }

    /// Initializes both globals, off any signal handler (``prepare()``).
    static func prepareHeldSections() {
        _ = heldSections.load(ordering: .relaxed)
        _ = cleanupHasBegun.load(ordering: .relaxed)
    }

    /// Whether a cleanup has begun (for tests, which call the handler's cleanup themselves).
    static var hasCleanupBegun: Bool { cleanupHasBegun.load(ordering: .sequentiallyConsistent) }

    /// Forgets a cleanup a test ran, so that ``withCleanupHeld(_:)`` runs its body again. Never
    /// called in a process a signal is ending.
    static func forgetCleanupForTesting() {
        cleanupHasBegun.store(false, ordering: .sequentiallyConsistent)
    }
}

/// Sections running ``SignalCleanup/withCleanupHeld(_:)`` now.
private let heldSections = Atomic<Int>(0)

/// Set by the first cleanup: the process is ending.
private let cleanupHasBegun = Atomic<Bool>(false)
