import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on `<folder>/<name>`, which the processes sharing a journal take around
/// every read and append of it. The lock file is opened on first use and kept open; the owner
/// closes it (``closeFile()``).
struct FolderLock {
    let directory: URL
    let fileName: String
    private var descriptor: Int32 = -1

    init(directory: URL, fileName: String) {
        self.directory = directory
        self.fileName = fileName
    }

    /// Runs `body` holding the lock. With `creating`, the folder is made first; without it and
    /// without a folder (nothing written yet), `body` runs unlocked: there is nothing to read.
    mutating func withLock<T>(creating: Bool, _ body: () throws(CacheStoreError) -> T) throws(CacheStoreError) -> T {
        if descriptor < 0 {
            if creating {
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    throw .io("creating \(directory.path): \(error.localizedDescription)")
                }
            }
            let lockPath = directory.appendingPathComponent(fileName).path
            var opened = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            if opened < 0, errno == EROFS || errno == EACCES {
                opened = open(lockPath, O_RDONLY | O_CLOEXEC)   // a read-only folder can still be read
            }
            if opened < 0 {
                if !creating, errno == ENOENT { return try body() }
                throw .io("opening \(lockPath): \(DurableFile.errnoText())")
            }
            descriptor = opened
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .io("locking \(fileName): \(DurableFile.errnoText())") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Why `name` cannot name a journal's files (one file name component: letters, digits, `-`,
    /// `_` and `.`, not starting with a dot), or `nil`.
    static func problem(withName name: String, of what: String) -> String? {
        let isValid = !name.isEmpty && name.utf8.count <= 100 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
        return isValid ? nil : "\"\(name)\" is not a valid \(what) name (letters, digits, -, _ and .)"
    }

    /// Closes the lock file.
    func closeFile() {
        if descriptor >= 0 { _ = close(descriptor) }
    }
}
