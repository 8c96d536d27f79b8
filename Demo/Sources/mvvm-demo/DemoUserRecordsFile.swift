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
    static func database(in cacheFolder: URL) -> URL {
        cacheFolder.appendingPathComponent("records", isDirectory: true).appendingPathComponent("users.sqlite")
    }

    /// The database and the companions SQLite keeps beside it in WAL mode.
    static func files(in cacheFolder: URL) -> [URL] {
        let path = database(in: cacheFolder).path
        return ["", "-wal", "-shm"].map { URL(fileURLWithPath: path + $0) }
    }

    /// Opens the database, making its folder. A file SQLite cannot read holds only the server's
    /// values, which the server still has: it is removed and made anew, and so is anything but a
    /// file where the database should be (a folder, a FIFO, a link: issue 54, M4). `nil` when the
    /// folder cannot be written (a read-only cache): the app runs without saving users.
    static func open(in cacheFolder: URL) -> SQLiteRecordStorage? {
        let database = database(in: cacheFolder)
        try? FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let type = (try? FileManager.default.attributesOfItem(atPath: database.path))?[.type] as? FileAttributeType, type != .typeRegular {
            remove(in: cacheFolder)   // a link is removed, never what it points to
        }
        do {
            return try SQLiteRecordStorage(path: database.path, kind: "users")
        } catch .corrupted {
            remove(in: cacheFolder)
            return try? SQLiteRecordStorage(path: database.path, kind: "users")
        } catch {
            return nil
        }
    }

    /// Removes the database (`--clear-cache`).
    static func remove(in cacheFolder: URL) {
        for file in files(in: cacheFolder) { try? FileManager.default.removeItem(at: file) }
    }
}
