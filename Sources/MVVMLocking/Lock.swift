#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one lock of this package: a value guarded by the platform's mutex, which
/// ThreadSanitizer sees.
///
/// Why not `Synchronization.Mutex`: on Linux it is a futex inside the standard library, which
/// ThreadSanitizer does not instrument, so every access it orders looked like a race, and
/// suppressing those reports also hid real races in the code the locked sections call (a
/// `ResourceLoader`'s `fetch`, a user's closure). A `pthread_mutex_t` is intercepted by the
/// sanitizer on every platform, so the sanitizer sees the ordering and needs no suppression
/// (`.ci/tsan-suppressions.txt` has no `race:` line). The shape is `Mutex`'s: `withLock` lends
/// the value `inout`. Unlike `Mutex.withLock`, it hands out any result, a non-`Sendable` generic
/// payload included (`PublisherRecorder`'s values, `DriverRelay`'s latest value), as
/// swift-nio's `NIOLockedValueBox` does: a lock is `Sendable` when its value is, and a type
/// that shares a lock over a non-`Sendable` value proves its own safety in its own comment.
///
/// `recursive: true` makes a lock the same thread may take again while it holds it
/// (MVVMOpenCombine's calls to a downstream, which may send again from inside `receive`).
///
/// **Why `@unchecked Sendable` (when `State` is `Sendable`) is safe.** The two stored properties
/// are pointers, each allocated and initialized once in `init`, never moved (the mutex lives at a
/// fixed address, as POSIX requires) and released in `deinit`, when no other reference exists:
/// the mutex; and the value, read and written only inside `withLock`, between
/// `pthread_mutex_lock` and `pthread_mutex_unlock` of that mutex. So no two threads ever touch `state` at once, and each
/// sees the last write (the mutex orders memory); and what goes in or out is `Sendable`.
package final class Lock<State> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value, in memory of its own: lent to `withLock`'s body through the pointer, so that
    /// no dynamic exclusivity access spans the body, as with `Mutex`. A class's stored property
    /// passed `inout` begins one: a recursive lock's nested body would trap, and with it the
    /// whole suite stopped in 2 of 3 runs on a "Fatal access conflict" naming unrelated code.
    private let state: UnsafeMutablePointer<State>

    /// A lock guarding `initialState`; `recursive` lets the thread holding it take it again.
    package init(_ initialState: State, recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_ERRORCHECK))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        state = .allocate(capacity: 1)
        state.initialize(to: initialState)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; never call out to code that may take the
    /// same non-recursive lock from inside it.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "a non-recursive Lock taken again by the thread holding it (\(locked))")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}

extension Lock: @unchecked Sendable where State: Sendable {}

extension Lock where State == Void {
    /// A lock guarding nothing but the code it runs.
    package convenience init(recursive: Bool = false) {
        self.init((), recursive: recursive)
    }
}
