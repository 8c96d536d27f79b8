import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX steps ``FileCacheStore`` and ``FileOutboxStorage`` share to put bytes on disk.
enum DurableFile {
    /// Creates `path` (it must not exist), writes `bytes` and, when `flushing`, flushes them
    /// (`fsync`; a caller that must not wait on the disk flushes later, off its thread); on a
    /// failure the file is removed.
    static func create(_ path: String, with bytes: [UInt8], flushing: Bool = true) throws(CacheStoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io("creating \(path): \(errnoText())") }
        defer { close(descriptor) }
        do throws(CacheStoreError) {
            try writeAll(bytes, to: descriptor)
            guard !flushing || fsync(descriptor) == 0 else { throw .io("flushing \(path): \(errnoText())") }
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Writes every byte to `descriptor`, retrying after a signal.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(CacheStoreError) {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .io("write: \(errnoText())")
            }
            written += result
        }
    }

    /// Flushes the folder, so that a rename survives a power cut. Best effort.
    static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The text of the current `errno`.
    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
