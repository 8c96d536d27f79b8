public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An ``OutboxStorage`` in a folder: an append-only journal, `<name>.journal`, that several
/// processes can share, guarded by an exclusive `flock` on `<name>.lock`.
///
/// - **Durable before sent.** ``append(_:)`` writes one frame and flushes it (`fsync`) before it
///   returns; a process killed at any moment keeps every write whose `append` returned.
/// - **Shared safely.** Every change appends to the journal under the lock, after reading what
///   other processes appended; nobody rewrites a copy of the queue it read earlier, so two apps
///   on one folder never lose each other's writes (`FileOutboxStorageTests`).
/// - **Cheap to drain.** Marking a write done appends 29 bytes (not flushed: a mark lost to a
///   crash only means the write is sent again under the same idempotency key). The journal is
///   rewritten with the live writes alone once they are under a quarter of it (and it is over
///   64 KiB), so the cost per write stays the same however long the queue.
/// - **Never silent about damage.** Bytes that do not read as whole frames (a cut file, a
///   foreign one) are reported once through ``takeProblems()``; the damaged file is first copied
///   to `<name>.damaged-<time>-<random>` in the folder, then the journal is rewritten with every
///   write that could still be read.
///
/// ```swift
/// let outbox = Outbox<UserWrite>(storage: FileOutboxStorage(directory: supportFolder.appending(path: "outbox")), clock: ContinuousClock())
/// ```
///
/// The critical sections never suspend, so a process waits on another's lock for the time of
/// one small write or one read of what it appended. On Apple platforms `fsync` flushes to the
/// drive, not through its cache (`F_FULLFSYNC` is not used): a process crash never loses a
/// write; a power cut may lose the last ones.
public actor FileOutboxStorage: OutboxStorage {
    /// The folder; made when the first write is appended.
    public nonisolated let directory: URL
    /// The files' base name.
    public nonisolated let name: String

    private var lockDescriptor: Int32 = -1
    /// The journal file this instance has read: device and inode, its generation, and how many of
    /// its bytes (header included).
    private var file: (device: UInt64, inode: UInt64)?
    private var generation: UInt64?
    private var offset = 0
    private var index = OutboxIndex()
    private var problems: [OutboxProblem] = []

    /// A journal in `directory` named `name` (`<name>.journal`, `<name>.lock`). `name` is one
    /// file name component: letters, digits, `-`, `_` and `.`, not starting with a dot; any other
    /// makes every call throw ``CacheStoreError/io(_:)``.
    public init(directory: URL, name: String = "outbox") {
        self.directory = directory
        self.name = name
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Appends `record` and flushes it to disk before returning.
    public func append(_ record: OutboxRecord) throws(CacheStoreError) {
        try withLock(creating: true) { () throws(CacheStoreError) in
            try refresh()
            if generation == nil { try rewrite() }
            try appendFrame(OutboxJournalFormat.encode(.write(record)), flush: true)
            index.add(record)
        }
    }

    /// Takes `id` out of the queue. Even when this throws (a read-only folder), this instance
    /// never returns the record again; another process, or a restart, may.
    public func markDone(_ id: UUID) throws(CacheStoreError) {
        index.markDone(id)
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            index.markDone(id)
            guard generation != nil else { return }
            try appendFrame(OutboxJournalFormat.encode(.done(id)), flush: false)
            // Rewritten with the live writes alone once done marks and answered writes are three
            // quarters of it: a rewrite costs a quarter of what was appended since the last one.
            if offset > 64 << 10, offset > 4 * (OutboxJournalFormat.headerSize + index.liveBytes) { try rewrite() }
        }
    }

    /// The oldest write not done.
    public func first() throws(CacheStoreError) -> OutboxRecord? {
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            return index.first()
        }
    }

    /// Every write not done, oldest first.
    public func all() throws(CacheStoreError) -> [OutboxRecord] {
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            return index.all
        }
    }

    /// Damage found since the last call.
    public func takeProblems() -> [OutboxProblem] {
        defer { problems = [] }
        return problems
    }

    // MARK: - Reading

    private var journalPath: String { path(of: "\(name).journal") }

    /// Reads what was appended since the last read, by this or another process; repairs and
    /// reports damage.
    private func refresh() throws(CacheStoreError) {
        var info = stat()
        guard stat(journalPath, &info) == 0 else {
            guard errno == ENOENT else { throw .io("reading \(journalPath): \(DurableFile.errnoText())") }
            // No journal (never written, or the folder was cleared): nothing is queued on disk.
            file = nil
            generation = nil
            offset = 0
            index = OutboxIndex()
            return
        }
        let id = (device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        let size = Int(info.st_size)
        if let file, file == id, generation != nil {
            if size == offset { return }
            if size > offset {
                let bytes = try read(from: offset, count: size - offset)
                let parsed = OutboxJournalFormat.parse(bytes[...])
                apply(parsed.frames)
                offset += bytes.count
                if parsed.damagedBytes > 0 { try keepAsideAndRepair(damagedBytes: parsed.damagedBytes) }
                return
            }
            // Cut shorter in place: what this instance read is still in memory.
            try keepAsideAndRepair(damagedBytes: offset - size)
            return
        }
        // A journal this instance has not read (first use, or rewritten by another process).
        let bytes = try read(from: 0, count: size)
        index = OutboxIndex()
        generation = nil
        file = id
        offset = size
        guard !bytes.isEmpty else { return }   // created, never written: empty
        guard let found = OutboxJournalFormat.generation(ofHeader: bytes[...]) else {
            try keepAsideAndRepair(damagedBytes: bytes.count)
            return
        }
        generation = found
        let parsed = OutboxJournalFormat.parse(bytes[OutboxJournalFormat.headerSize...])
        apply(parsed.frames)
        if parsed.damagedBytes > 0 { try keepAsideAndRepair(damagedBytes: parsed.damagedBytes) }
    }

    private func apply(_ frames: [OutboxJournalFormat.Frame]) {
        for frame in frames {
            switch frame {
            case .write(let record): index.add(record)
            case .done(let id): index.markDone(id)
            }
        }
    }

    private func read(from start: Int, count: Int) throws(CacheStoreError) -> [UInt8] {
        let descriptor = open(journalPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("opening \(journalPath): \(DurableFile.errnoText())") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes[done...].withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start + done)) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .io("reading \(journalPath): \(DurableFile.errnoText())")
            }
            if result == 0 { break }   // shorter than stat said: read what is there
            done += result
        }
        return Array(bytes[..<done])
    }

    // MARK: - Writing

    private func appendFrame(_ frame: [UInt8], flush: Bool) throws(CacheStoreError) {
        let descriptor = open(journalPath, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("opening \(journalPath) to write: \(DurableFile.errnoText())") }
        defer { close(descriptor) }
        do throws(CacheStoreError) {
            try DurableFile.writeAll(frame, to: descriptor)
            if flush, fsync(descriptor) != 0 { throw .io("flushing \(journalPath): \(DurableFile.errnoText())") }
        } catch {
            // Half a frame must not stay: cut back to what was there.
            _ = ftruncate(descriptor, off_t(offset))
            throw error
        }
        offset += frame.count
    }

    /// Writes the live writes to a new journal with a new generation, flushed, and renames it
    /// over the old one.
    private func rewrite() throws(CacheStoreError) {
        var generation = UInt64.random(in: 1...UInt64.max)
        if generation == self.generation { generation &+= 1 }
        var bytes = OutboxJournalFormat.header(generation: generation)
        for record in index.all { bytes += OutboxJournalFormat.encode(.write(record)) }
        let temporary = path(of: ".\(name).journal.tmp-\(UUID().uuidString)")
        try DurableFile.create(temporary, with: bytes)
        guard rename(temporary, journalPath) == 0 else {
            let reason = DurableFile.errnoText()
            unlink(temporary)
            throw .io("replacing \(journalPath): \(reason)")
        }
        DurableFile.syncDirectory(directory.path)
        var info = stat()
        guard stat(journalPath, &info) == 0 else { throw .io("reading \(journalPath): \(DurableFile.errnoText())") }
        file = (UInt64(info.st_dev), UInt64(info.st_ino))
        self.generation = generation
        offset = bytes.count
    }

    /// Copies the journal aside, reports it, and rewrites it with the writes still readable.
    private func keepAsideAndRepair(damagedBytes: Int) throws(CacheStoreError) {
        var keptAt: String?
        if let bytes = try? read(from: 0, count: fileSize()) {
            let stamp = Int(Date().timeIntervalSince1970)
            let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let aside = path(of: "\(name).damaged-\(stamp)-\(random)")
            if (try? DurableFile.create(aside, with: bytes)) != nil { keptAt = aside }
        }
        problems.append(.damaged(byteCount: damagedBytes, keptAt: keptAt))
        try rewrite()
    }

    private func fileSize() -> Int {
        var info = stat()
        return stat(journalPath, &info) == 0 ? Int(info.st_size) : 0
    }

    // MARK: - Lock and files

    /// Runs `body` holding the exclusive lock. Without a folder (nothing written yet) reads need
    /// no lock: there is nothing to read.
    private func withLock<T>(creating: Bool, _ body: () throws(CacheStoreError) -> T) throws(CacheStoreError) -> T {
        guard Self.isValidName(name) else { throw .io("\"\(name)\" is not a valid outbox name (letters, digits, -, _ and .)") }
        if lockDescriptor < 0 {
            if creating {
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    throw .io("creating \(directory.path): \(error.localizedDescription)")
                }
            }
            let lockPath = path(of: "\(name).lock")
            var descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            if descriptor < 0, errno == EROFS || errno == EACCES {
                descriptor = open(lockPath, O_RDONLY | O_CLOEXEC)   // a read-only folder can still be read
            }
            if descriptor < 0 {
                if !creating, errno == ENOENT { return try body() }
                throw .io("opening \(lockPath): \(DurableFile.errnoText())")
            }
            lockDescriptor = descriptor
        }
        while flock(lockDescriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .io("locking \(name).lock: \(DurableFile.errnoText())") }
        }
        defer { flock(lockDescriptor, LOCK_UN) }
        return try body()
    }

    private func path(of file: String) -> String { directory.appendingPathComponent(file).path }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 100 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}
