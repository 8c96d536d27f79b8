import Dispatch
import Foundation
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
/// power cut) runs on a queue of its own, never on the main actor or the Swift pool.
final class SharedFileStorage: Sendable {
    let directory: String
    private let flushes = DispatchQueue(label: "mvvm.shared-values.flush")

    /// Storage in `directory`, made if missing; temporary files a killed process left are removed.
    init(directory: URL) {
        self.directory = directory.path
        try? FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
        removeAbandonedTemporaryFiles()
    }

    /// The value saved in `fileName`, or `nil` when there is none or it cannot be read (a damaged
    /// file, another version's shape): the key's default then shows.
    func load<Value: Decodable>(_ type: Value.Type, from fileName: String) -> Value? {
        guard let data = FileManager.default.contents(atPath: path(fileName)) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
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
        let temporary = path(".\(fileName).tmp-\(getpid())")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .io("creating \(temporary): \(DurableFile.errnoText())") }
        do throws(CacheStoreError) {
            defer { close(descriptor) }
            try DurableFile.writeAll(bytes, to: descriptor)
        } catch {
            unlink(temporary)
            return error
        }
        guard rename(temporary, target) == 0 else {
            let failure = CacheStoreError.io("renaming \(temporary): \(DurableFile.errnoText())")
            unlink(temporary)
            return failure
        }
        let directory = directory
        flushes.async {
            let file = open(target, O_RDONLY | O_CLOEXEC)
            if file >= 0 {
                fsync(file)
                close(file)
            }
            DurableFile.syncDirectory(directory)
        }
        return nil
    }

    /// Waits until every save so far is flushed to the disk.
    func flushed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            flushes.async { continuation.resume() }
        }
    }

    private func path(_ fileName: String) -> String { directory + "/" + fileName }

    /// Removes `.<name>.tmp-<pid>` files whose process is gone (killed between its write and
    /// its rename); a live process's are its own.
    private func removeAbandonedTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".") {
            guard let marker = name.range(of: ".tmp-", options: .backwards), let pid = Int32(name[marker.upperBound...]) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { unlink(path(name)) }
        }
    }
}
