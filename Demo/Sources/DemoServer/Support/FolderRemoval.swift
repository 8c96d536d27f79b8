public import Foundation

/// Removing a temporary database folder completely.
public enum FolderRemoval {
    /// Removes `folder` and everything in it, trying again while it still exists (at most 5
    /// passes). One pass can fail when a file in the folder comes or goes meanwhile: the e2e test
    /// saw the demo's folder left behind, empty, in about 1 run in 5 on a loaded machine
    /// (SQLite's `-wal`/`-shm` files are the candidates).
    public static func remove(_ folder: URL) {
        for _ in 0..<5 {
            try? FileManager.default.removeItem(at: folder)
            guard FileManager.default.fileExists(atPath: folder.path) else { return }
        }
    }
}
