#if !canImport(Combine)
import Foundation

/// The locks of the Linux operators.
///
/// - ``init()``: a non-recursive lock for an operator's state, never held while calling out to
///   a subscriber or a subscription, so re-entrant calls cannot deadlock.
/// - ``downstream()``: the recursive lock held around every call to an operator's downstream, as
///   in Combine: calls from different threads never overlap, and a call made from inside a
///   downstream call on the same thread (an upstream that sends from the downstream's
///   `receive`) goes through.
struct Lock: Sendable {
    private let base: any NSLocking & Sendable

    /// A non-recursive lock, for state.
    init() {
        base = NSLock()
    }

    private init(base: any NSLocking & Sendable) {
        self.base = base
    }

    /// A recursive lock, for calls to the downstream.
    static func downstream() -> Lock {
        Lock(base: NSRecursiveLock())
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        base.lock()
        defer { base.unlock() }
        return try body()
    }
}
#endif
