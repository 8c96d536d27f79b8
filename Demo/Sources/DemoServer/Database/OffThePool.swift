import Dispatch

/// Runs `work`, which blocks its thread on the disk (opening, migrating or closing SQLite: each
/// transaction waits for `fdatasync`), on a Dispatch thread, and returns what it returns.
///
/// Swift concurrency's pool has one thread per core. A server started or stopped from async code
/// would otherwise hold one of them for every sync its seeding makes: on a disk where a sync
/// takes 100 ms, the 13 of a fresh database hold a thread for over a second, and every other task
/// of the process (a ViewModel's work, a test's) waits behind it. Measured by delaying
/// `fdatasync` with an `LD_PRELOAD` shim: the whole test suite, which starts about a hundred
/// servers, went from starving its main-actor tests past their time limits to passing.
func offThePool<Result: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Result
) async throws(Failure) -> Result {
    let outcome: Swift.Result<Result, Failure> = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: Swift.Result { () throws(Failure) -> Result in try work() })
        }
    }
    return try outcome.get()
}
