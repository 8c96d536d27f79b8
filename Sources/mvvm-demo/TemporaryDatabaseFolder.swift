import DemoServer
import Foundation
import MVVMTerminal

/// The embedded server's database folder in the temporary directory (`TMPDIR`): made before the
/// server seeds it, removed when the demo ends, and registered with ``SignalCleanup`` so that a
/// signal at any moment (while seeding, or a second Ctrl-C) removes it too.
struct TemporaryDatabaseFolder {
    let folder: URL
    let databasePath: String

    /// Makes the folder and registers it and the files SQLite makes in it.
    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mvvm-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        databasePath = folder.appendingPathComponent("users.sqlite").path
        SignalCleanup.removeOnAbnormalExit(
            ["", "-wal", "-shm", "-journal"].map { databasePath + $0 } + [folder.path]
        )
    }

    /// Removes the folder and everything in it, and forgets the registration.
    func remove() {
        FolderRemoval.remove(folder)
        SignalCleanup.removeOnAbnormalExit([])
    }
}
