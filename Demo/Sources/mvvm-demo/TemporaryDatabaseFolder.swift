import DemoServer
import Foundation
import MVVMTerminal

/// The embedded server's database folder in the temporary directory (`TMPDIR`): made before the
/// server seeds it, removed when the demo ends, and registered with ``SignalCleanup`` so that a
/// signal at any moment (while seeding, a second Ctrl-C, a crash) removes it too.
///
/// Only `kill -9` leaves it behind: its name carries the demo's process id
/// (`mvvm-demo-<pid>-<UUID>`), and the next start removes the folders whose process is gone.
struct TemporaryDatabaseFolder {
    let folder: URL
    let databasePath: String

    /// The prefix of every demo's folder name.
    static let prefix = "mvvm-demo-"

    /// Removes the folders of demos killed before they could clean up, then registers this run's
    /// folder and the files SQLite makes in it, and makes the folder, with no signal's cleanup
    /// in between (`SignalCleanup.withCleanupHeld(_:)`).
    init(in parent: URL = FileManager.default.temporaryDirectory) throws {
        Self.removeStale(in: parent)
        folder = parent.appendingPathComponent("\(Self.prefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
        databasePath = folder.appendingPathComponent("users.sqlite").path
        // Registered and made with the cleanup held: a signal before the registration would
        // leave the folder (the e2e test's early SIGTERM did, in 1 start in 60), and one handled
        // on another thread while it is made would remove it before it exists (2 in 100).
        try SignalCleanup.withCleanupHeld {
            SignalCleanup.removeOnAbnormalExit(databaseFiles + [folder.path])
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    /// The database and the files SQLite makes beside it.
    private var databaseFiles: [String] {
        ["", "-wal", "-shm", "-journal"].map { databasePath + $0 }
    }

    /// Registers `inside` (files, then their folders, in the order given) for removal with the
    /// database, before the folder itself.
    func alsoRemoveOnAbnormalExit(_ inside: [URL]) {
        SignalCleanup.removeOnAbnormalExit(databaseFiles + inside.map(\.path) + [folder.path])
    }

    /// Removes the folder and everything in it, and forgets the registration.
    func remove() {
        FolderRemoval.remove(folder)
        SignalCleanup.removeOnAbnormalExit([])
    }

    /// Removes each `mvvm-demo-<pid>-<UUID>` folder in `parent` whose process no longer runs. A
    /// folder whose pid runs (this demo, another one, or an unrelated process that reuses the
    /// number) is kept.
    static func removeStale(in parent: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0,
                  UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil,
                  kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            FolderRemoval.remove(parent.appendingPathComponent(name, isDirectory: true))
        }
    }
}
