// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
import Foundation
import Synchronization

/// How long an SQLite statement waits for another connection's lock on the file (SQLite's busy
/// handler): not at all while `LazyDatabase.init` opens the file, so that a start never waits for
/// another process; up to ``limit`` after, retrying every ``interval``, as `sqlite3_busy_timeout`
/// does.
final class LockWait: Sendable {
    /// The longest a statement waits, in seconds.
    static let limit: TimeInterval = 5
    /// The pause between two tries, in seconds.
    static let interval: TimeInterval = 0.01

    private let patient = Atomic(false)
    private let refused = Atomic(false)

    /// Whether statements wait for a lock (false while the file is opened by `init`).
    var isPatient: Bool {
        get { patient.load(ordering: .acquiring) }
        set { patient.store(newValue, ordering: .releasing) }
    }

    /// Whether a statement met another connection's lock and was told not to wait for it, while
    /// statements were not patient: the failure that followed is that lock's.
    var refusedAWait: Bool { refused.load(ordering: .acquiring) }

    /// SQLite's busy handler: whether to try again after `tries` tries (pausing first).
    func waitAgain(after tries: Int) -> Bool {
        guard isPatient else {
            refused.store(true, ordering: .releasing)
            return false
        }
        guard Double(tries) * Self.interval < Self.limit else { return false }
        Thread.sleep(forTimeInterval: Self.interval)
        return true
    }
}
#endif  // MVVMGRDB
