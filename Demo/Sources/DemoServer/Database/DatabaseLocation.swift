import Foundation

/// Where the database file lives, and whether the server owns (and so removes) its folder.
struct DatabaseLocation: Sendable {
    /// The path of the SQLite file.
    let path: String
    /// The temporary folder the server created for the file, removed on stop; `nil` for a path the
    /// caller chose, which is kept.
    let ownedDirectory: URL?

    /// The caller's `path`, checked to be in an existing folder; or, for `nil`, a file in a new
    /// temporary folder.
    static func resolve(_ path: String?) throws(DemoServerError) -> DatabaseLocation {
        let fileManager = FileManager.default
        guard let path else {
            let directory = fileManager.temporaryDirectory
                .appendingPathComponent("demo-server-\(UUID().uuidString)", isDirectory: true)
            do {
                try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .databaseUnavailable(
                    path: directory.path,
                    reason: "the temporary folder could not be created (\(error.localizedDescription))"
                )
            }
            return DatabaseLocation(path: directory.appendingPathComponent("users.sqlite").path, ownedDirectory: directory)
        }
        guard !path.isEmpty else {
            throw .invalidConfiguration("The database path is empty; pass a file path, or none for a temporary database.")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw .databaseUnavailable(path: path, reason: "the folder \(folder) does not exist")
        }
        guard isDirectory.boolValue else {
            throw .databaseUnavailable(path: path, reason: "\(folder) is a file, not a folder")
        }
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .databaseUnavailable(path: path, reason: "it is a folder, not a file")
        }
        return DatabaseLocation(path: URL(fileURLWithPath: path).path, ownedDirectory: nil)
    }

    /// Removes the temporary folder, if the server created one.
    func removeOwnedFiles() {
        guard let ownedDirectory else { return }
        FolderRemoval.remove(ownedDirectory)
    }
}
