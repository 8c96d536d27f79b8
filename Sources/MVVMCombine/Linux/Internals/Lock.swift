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
#endif
