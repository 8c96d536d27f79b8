import Foundation
import MVVMData

/// An SQLite database in the demo's cache folder that holds only the server's data (the users
/// seen, their pictures), which the server still has: when it cannot be used, it is made anew
/// rather than kept failing run after run.
struct DemoDatabaseFile {
    /// The database.
    let url: URL

    /// The store `open` makes of the database, making its folder first. Anything but a file where
    /// the database should be (a folder, a FIFO, a link: issue 54, M4) is removed first, and a
    /// file SQLite cannot read is removed and made anew. `nil` when it still cannot be opened (a
    /// read-only cache folder).
    func open<Store>(_ open: (_ path: String) throws(CacheStoreError) -> Store) -> Store? {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType, type != .typeRegular {
            remove()   // a link is removed, never what it points to
        }
        do {
            return try open(url.path)
        } catch .corrupted {
            remove()
            return try? open(url.path)
        } catch {
            return nil
        }
    }

    /// Removes the database and the companions SQLite keeps beside it in WAL mode.
    func remove() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }
}
