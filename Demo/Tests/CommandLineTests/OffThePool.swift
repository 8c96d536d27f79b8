import Dispatch

/// Runs `work`, which blocks (a `poll`, a `waitpid`), on a Dispatch thread and returns what it
/// returns. The Swift concurrency pool has one thread per core, two here: a test blocking one of
/// them starves every other test's async work (a loopback server's answers timed out under
/// ThreadSanitizer while a process test blocked the pool).
func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Swift.Result { try work() }) }
    }
}
