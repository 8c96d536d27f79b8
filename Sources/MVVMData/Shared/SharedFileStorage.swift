import Dispatch
import Foundation
import MVVMLocking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of ``SharedValues``: one JSON file per key in one folder. A save writes a
/// temporary file and renames it over the value's (a reader, another process included, sees the
/// old value or the new one, never part of one), before it returns: the kernel has it, so a
/// `kill -9` loses nothing. The flush to the disk (`fsync` of the file and the folder, for a
/// power cut) runs on a queue of its own, never on the main actor or the Swift pool, once per
/// file however many saves wait.
final class SharedFileStorage: Sendable {
    /// The largest file read back: a shared value is a setting or a draft, not a document. A
    /// larger file (not ours) shows the key's default.
    static let maximumBytes = 1 << 20
    /// A temporary file older than this was left by a process killed mid-save: removed at start.
    static let abandonedAfter: TimeInterval = 60

    let directory: String
    private let flushes = DispatchQueue(label: "mvvm.shared-values.flush")
    /// The files saved whose flush has not started yet.
    private let unflushed = Lock(Set<String>())

    /// Storage in `directory`, made if missing; temporary files a killed process left are removed.
    init(directory: URL) {
        self.directory = directory.path
        try? FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
        removeAbandonedTemporaryFiles()
    }

    /// The value saved in `fileName`, or `nil` when there is none or it cannot be read: a damaged
    /// file, another version's shape, anything but a regular file (a link, a FIFO, a device),
    /// or one larger than ``maximumBytes``. The key's default then shows.
    func load<Value: Decodable>(_ type: Value.Type, from fileName: String) -> Value? {
        let descriptor = open(path(fileName), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= Self.maximumBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes[filled...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return try? JSONDecoder().decode(Value.self, from: Data(bytes[..<filled]))
    }

    /// Saves `value` in `fileName`. - Returns: why it could not be saved, or `nil`.
    func save<Value: Encodable>(_ value: Value, as fileName: String) -> CacheStoreError? {
        let bytes: [UInt8]
        do {
            bytes = Array(try JSONEncoder().encode(value))
        } catch {
            return .io("encoding \(Value.self): \(error)")
        }
        let target = path(fileName)
        let temporary = path(".\(fileName).tmp-\(UInt64.random(in: 0 ... .max))")
        do throws(CacheStoreError) {
            try DurableFile.create(temporary, with: bytes, flushing: false)   // flushed below, off the main actor
        } catch {
            return error
        }
        guard rename(temporary, target) == 0 else {
            let failure = CacheStoreError.io("renaming \(temporary): \(DurableFile.errnoText())")
            unlink(temporary)
            return failure
        }
        guard unflushed.withLock({ $0.insert(target).inserted }) else { return nil }   // its flush is on its way
        let directory = directory
        flushes.async { [unflushed] in
            unflushed.withLock { _ = $0.remove(target) }
            let file = open(target, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            if file >= 0 {
                fsync(file)
                close(file)
            }
            DurableFile.syncDirectory(directory)
        }
        return nil
    }

    private func path(_ fileName: String) -> String { directory + "/" + fileName }

    /// Whether a save can work now: a temporary file of one byte is written in the folder and
    /// removed.
    /// - Returns: why it cannot (the folder is missing, read-only, full or not a folder), or `nil`.
    func checkWritable() -> CacheStoreError? {
        let probe = path(".probe.tmp-\(UInt64.random(in: 0 ... .max))")
        do throws(CacheStoreError) {
            try DurableFile.create(probe, with: [0x0A], flushing: false)
        } catch {
            return error
        }
        unlink(probe)
        return nil
    }

    /// Removes `.<name>.tmp-<n>` files older than ``abandonedAfter``: a save renames its file
    /// within moments, so an older one was left by a process killed mid-save (any process, in
    /// any container sharing the folder).
    private func removeAbandonedTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        // The file system's clock, not `Dependencies.now`: a file's time is the real one.
        let now = Date()
        for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path(name)),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let modified = attributes[.modificationDate] as? Date,
                  now.timeIntervalSince(modified) > Self.abandonedAfter
            else { continue }
            unlink(path(name))
        }
    }
}
