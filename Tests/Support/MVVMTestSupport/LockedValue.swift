import Foundation

/// A value shared across threads behind a lock: for this repository's tests (`_MVVMTestSupport`,
/// not API).
///
/// `@unchecked Sendable` is safe: every read and write of `storage` holds `lock`.
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    /// A value behind a lock.
    public init(_ value: Value) {
        storage = value
    }

    /// The value now.
    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// Runs `body` on the value, holding the lock.
    public func withValue<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }
}
