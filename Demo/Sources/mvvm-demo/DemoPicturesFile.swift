import Foundation
import MVVMData
import MVVMGRDB

/// Where the demo keeps the users' pictures: one SQLite database,
/// `<cache folder>/pictures.sqlite` (`MVVMGRDB`'s `SQLiteCacheStore`), at most 8 MiB of them,
/// apart from the saved pages so that pictures never evict them.
///
/// One file, not a file per picture: a picture is a few hundred bytes, and a file takes a whole
/// disk block (4 KiB here), so 2,676 pictures (1.1 MB) took 11 MB of disk in the folder
/// `pictures/` that earlier versions kept (issue 54). That folder is removed: its pictures are
/// the server's, which it still has.
enum DemoPicturesFile {
    /// The most bytes of pictures kept.
    static let maxBytes = 8 << 20

    /// The database in `cacheFolder`.
    static func file(in cacheFolder: URL) -> DemoDatabaseFile {
        DemoDatabaseFile(url: cacheFolder.appendingPathComponent("pictures.sqlite"))
    }

    /// Opens the database (made anew when it cannot be used: ``DemoDatabaseFile/open(_:)``),
    /// removing the folder of earlier versions. When the folder cannot be written (a read-only
    /// cache), the pictures are kept in memory for this run.
    static func open(in cacheFolder: URL) async -> any CacheStore {
        await removeEarlierFolder(in: cacheFolder)
        if let store = file(in: cacheFolder).open({ path throws(CacheStoreError) in try SQLiteCacheStore(path: path, maxBytes: maxBytes) }) {
            return store
        }
        return (try? SQLiteCacheStore.inMemory(maxBytes: maxBytes)) ?? InMemoryCacheStore()
    }

    /// Removes the pictures earlier versions kept in `pictures/`: the store's own entries only (a
    /// `--cache-dir` may be any folder), then the folder if that leaves it empty.
    private static func removeEarlierFolder(in cacheFolder: URL) async {
        let folder = cacheFolder.appendingPathComponent("pictures", isDirectory: true)
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        try? await FileCacheStore(directory: folder, maxBytes: maxBytes).removeAll()
        _ = rmdir(folder.path)
    }
}
