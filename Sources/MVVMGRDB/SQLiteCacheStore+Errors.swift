// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
import GRDB
import MVVMData

extension SQLiteCacheStore {
    /// `error` as a `CacheStoreError`: a file that is not a database, or a damaged
    /// one, is `.corrupted`; anything else is `.io`. The message is SQLite's own, never the SQL
    /// or its arguments (which hold keys and entry bytes).
    static func storeError(_ error: any Error, while action: String) -> CacheStoreError {
        switch error {
        case let error as CacheStoreError:
            return error
        case let error as DatabaseError:
            let message = "\(action): \(error.message ?? "SQLite error \(error.resultCode.rawValue)")"
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupted(message)
            default: return .io(message)
            }
        case is CancellationError:
            return .io("\(action): cancelled")
        default:
            return .io("\(action): \(error)")
        }
    }
}
#endif  // MVVMGRDB
