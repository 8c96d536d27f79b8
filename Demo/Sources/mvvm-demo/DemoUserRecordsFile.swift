import Foundation
import MVVMData
import MVVMGRDB

/// Where the demo keeps every user it has seen, as the server last confirmed each: an SQLite
/// database, `<cache folder>/records/users.sqlite` (`MVVMGRDB`'s `SQLiteRecordStorage`), saved
/// user by user. Offline (`--api-url http://127.0.0.1:9`), the list answers from it.
///
/// One per cache folder, whichever server the users came from (the embedded one included), as
/// the forecasts are: a start against a server that cannot be reached shows what the device saw.
/// Writes, unlike users, wait per server (``DemoOutboxLocation``): a write is only ever sent to
/// the server it was made for.
enum DemoUserRecordsFile {
    /// The database in `cacheFolder`.
    static func file(in cacheFolder: URL) -> DemoDatabaseFile {
        DemoDatabaseFile(url: cacheFolder.appendingPathComponent("records", isDirectory: true).appendingPathComponent("users.sqlite"))
    }

    /// Opens the database (made anew when it cannot be used: ``DemoDatabaseFile/open(_:)``);
    /// `nil` when the folder cannot be written (a read-only cache): the app runs without saving
    /// users.
    static func open(in cacheFolder: URL) -> SQLiteRecordStorage? {
        file(in: cacheFolder).open { path throws(CacheStoreError) in try SQLiteRecordStorage(path: path, kind: "users") }
    }

    /// Removes the database (`--clear-cache`).
    static func remove(in cacheFolder: URL) {
        file(in: cacheFolder).remove()
    }
}
