// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
import Dispatch
import MVVMData

/// Runs blocking file work (opening a database, which may wait 5 s for another process's lock)
/// on a dispatch queue, never on the Swift concurrency pool: its few threads (two on a 2-core
/// machine) are every task's, and two of them waiting for a lock stopped the whole app, a server's
/// answer included (issue 54, M7).
enum OffThePool {
    /// The result of `body`, run on `queue`.
    static func run<Value: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable () throws(CacheStoreError) -> Value) async throws(CacheStoreError) -> Value {
        let result: Result<Value, CacheStoreError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(CacheStoreError) in try body() })
            }
        }
        return try result.get()
    }
}
#endif  // MVVMGRDB
