#if !canImport(Combine)
import MVVMLocking

/// The locks of the Linux operators, over the package's one lock type (MVVMLocking's `Lock`, a
/// pthread mutex, which ThreadSanitizer sees).
///
/// - ``init()``: a non-recursive lock for an operator's state, never held while calling out to
///   a subscriber or a subscription, so re-entrant calls cannot deadlock.
/// - ``downstream()``: the recursive lock held around every call to an operator's downstream, as
///   in Combine: calls from different threads never overlap, and a call made from inside a
///   downstream call on the same thread (an upstream that sends from the downstream's
///   `receive`) goes through.
struct OperatorLock: Sendable {
    private let base: MVVMLocking.Lock<Void>

    /// A non-recursive lock, for state.
    init() {
        base = MVVMLocking.Lock()
    }

    private init(recursive: Bool) {
        base = MVVMLocking.Lock(recursive: recursive)
    }

    /// A recursive lock, for calls to the downstream.
    static func downstream() -> OperatorLock {
        OperatorLock(recursive: true)
    }

    func withLock<T>(_ body: () -> T) -> T {
        base.withLock { _ in body() }
    }
}
#endif
