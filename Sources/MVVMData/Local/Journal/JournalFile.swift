import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One open journal (``FileOutboxStorage``'s, ``FileRecordStorage``'s): its descriptor, which
/// file it is, and the reads and appends made on it. The owner closes it.
///
/// While it is open, no other file can take its inode, so ``isSame(as:)`` tells for certain
/// whether the file at the path is still this one.
struct JournalFile {
    let path: String
    let descriptor: Int32
    private let device: UInt64
    private let inode: UInt64
    /// Opened read-only (a read-only folder): appends fail.
    private let isReadOnly: Bool

    /// Opens the journal at `path`, read-only when it cannot be written.
    init(opening path: String) throws(CacheStoreError) {
        var isReadOnly = false
        var descriptor = open(path, O_RDWR | O_APPEND | O_CLOEXEC)
        if descriptor < 0, errno == EROFS || errno == EACCES {
            isReadOnly = true
            descriptor = open(path, O_RDONLY | O_CLOEXEC)   // a read-only folder can still be read
        }
        guard descriptor >= 0 else { throw .io("opening \(path): \(DurableFile.errnoText())") }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = DurableFile.errnoText()
            close(descriptor)
            throw .io("reading \(path): \(reason)")
        }
        self.path = path
        self.descriptor = descriptor
        self.device = UInt64(info.st_dev)
        self.inode = UInt64(info.st_ino)
        self.isReadOnly = isReadOnly
    }

    /// The `stat` of the file at `path`, or `nil` when there is none.
    static func status(of path: String) throws(CacheStoreError) -> stat? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            guard errno == ENOENT else { throw .io("reading \(path): \(DurableFile.errnoText())") }
            return nil
        }
        return info
    }

    /// Whether `info` is this open file's.
    func isSame(as info: stat) -> Bool {
        UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// Closes the descriptor; the value must not be used after.
    func closeFile() {
        _ = close(descriptor)
    }

    /// Up to `count` bytes from `start`: fewer when the file is shorter than that.
    func read(from start: Int, count: Int) throws(CacheStoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes[done...].withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start + done)) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .io("reading \(path): \(DurableFile.errnoText())")
            }
            if result == 0 { break }
            done += result
        }
        return Array(bytes[..<done])
    }

    /// Every byte of the file.
    func readAll() throws(CacheStoreError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io("reading \(path): \(DurableFile.errnoText())") }
        return try read(from: 0, count: Int(info.st_size))
    }

    /// Appends `frame`, flushed when `flush`; on a failure the file is cut back to `size`, so
    /// that no half frame stays.
    func append(_ frame: [UInt8], flush: Bool, cuttingBackTo size: Int) throws(CacheStoreError) {
        guard !isReadOnly else { throw .io("\(path) cannot be written: it is read-only") }
        do throws(CacheStoreError) {
            try DurableFile.writeAll(frame, to: descriptor)
            if flush, fsync(descriptor) != 0 { throw .io("flushing \(path): \(DurableFile.errnoText())") }
        } catch {
            _ = ftruncate(descriptor, off_t(size))
            throw error
        }
    }
}
