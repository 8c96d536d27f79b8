#if !canImport(Combine)
import Foundation

/// A non-recursive lock for the state of the Linux operators. Never held while calling out to a
/// subscriber or a subscription, so re-entrant calls cannot deadlock.
struct Lock: Sendable {
    private let base = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        base.lock()
        defer { base.unlock() }
        return try body()
    }
}

/// The lock held around every call to an operator's downstream, as in Combine: calls from
/// different threads never overlap, and a call made from inside a downstream call on the same
/// thread (an upstream that sends from the downstream's `receive`) goes through.
struct DownstreamLock: Sendable {
    private let base = NSRecursiveLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        base.lock()
        defer { base.unlock() }
        return try body()
    }
}
#endif
