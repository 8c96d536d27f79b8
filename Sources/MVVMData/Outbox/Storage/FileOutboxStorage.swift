public import Foundation
import MVVMCore
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
/// Each instance keeps the journal open. An open file cannot be replaced by another with the
/// same inode, so comparing the folder's journal with the open one tells for certain whether
/// another process rewrote it. A rewrite killed midway leaves a `.<name>.journal.tmp-…` file,
/// removed by the next rewrite.
///
/// ```swift
/// let outbox = Outbox<UserWrite>(storage: FileOutboxStorage(directory: supportFolder.appending(path: "outbox")), clock: ContinuousClock())
/// ```
///
/// The critical sections never suspend, so a process waits on another's lock for the time of
/// one small write or one read of what it appended. On Apple platforms `fsync` flushes to the
/// drive, not through its cache (`F_FULLFSYNC` is not used): a process crash never loses a
/// write; a power cut may lose the last ones.
///
/// The storage's code runs on a thread of its own, never on a thread of the Swift concurrency
/// pool: a slow flush, or a wait on another process's lock, holds no pool thread
/// (`scripts/slow-disk`). An ``Outbox`` delivering from it runs its delivery loop on that
/// thread too, so that reading the head and marking it done cost no hand-off between threads.
public actor FileOutboxStorage: OutboxStorage, BlockingIOBacked {
    /// Where the storage's code runs: a thread of its own, off the Swift pool.
    private nonisolated let io = BlockingIOExecutor(label: "mvvm.file-outbox-storage")
    /// Where the storage's code runs; an outbox delivering from this storage runs its loop there.
    nonisolated var ioExecutor: BlockingIOExecutor { io }
    /// The folder; made when the first write is appended.
    package nonisolated let directory: URL
    /// The files' base name.
    public nonisolated let name: String

    /// Why ``name`` cannot be used, or `nil`.
    private let nameProblem: String?
    private var lock: FolderLock
    /// The journal this instance has open.
    private var journal: JournalFile?
    /// How many bytes of the open journal were read, header included.
    private var offset = 0
    private var index = OutboxIndex()
    private var problems: [OutboxProblem] = []

    /// A journal in `directory` named `name` (`<name>.journal`, `<name>.lock`). `name` is one
    /// file name component: letters, digits, `-`, `_` and `.`, not starting with a dot; any other
    /// makes every call throw ``CacheStoreError/io(_:)``.
    public init(directory: URL, name: String = "outbox") {
        self.directory = directory
        self.name = name
        lock = FolderLock(directory: directory, fileName: "\(name).lock")
        nameProblem = FolderLock.problem(withName: name, of: "outbox")
    }

    deinit {
        lock.closeFile()
        journal?.closeFile()
    }

    /// Appends `record` and flushes it to disk before returning.
    public nonisolated func append(_ record: OutboxRecord) async throws(CacheStoreError) {
        try await io.call(self) { storage throws(CacheStoreError) in try storage.appendRecord(record) }
    }

    /// Takes `id` out of the queue. Even when this throws (a read-only folder), this instance
    /// never returns the record again; another process, or a restart, may.
    public nonisolated func markDone(_ id: UUID) async throws(CacheStoreError) {
        try await io.call(self) { storage throws(CacheStoreError) in try storage.markRecordDone(id) }
    }

    /// The oldest write not done.
    public nonisolated func first() async throws(CacheStoreError) -> OutboxRecord? {
        try await io.call(self) { storage throws(CacheStoreError) in try storage.firstRecord() }
    }

    /// Every write not done, oldest first.
    public nonisolated func all() async throws(CacheStoreError) -> [OutboxRecord] {
        try await io.call(self) { storage throws(CacheStoreError) in try storage.allRecords() }
    }

    /// Damage found since the last call.
    public func takeProblems() -> [OutboxProblem] {
        defer { problems = [] }
        return problems
    }

    private func appendRecord(_ record: OutboxRecord) throws(CacheStoreError) {
        try withLock(creating: true) { () throws(CacheStoreError) in
            try refresh()
            if !hasHeader { try rewrite() }
            try appendFrame(OutboxJournalFormat.encode(.write(record)), flush: true)
            index.add(record)
        }
    }

    private func markRecordDone(_ id: UUID) throws(CacheStoreError) {
        index.markDone(id)   // before the lock: holds even when the lock or the journal fails
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            index.markDone(id)   // again: the refresh may have read the journal anew
            guard hasHeader else { return }
            try appendFrame(OutboxJournalFormat.encode(.done(id)), flush: false)
            // Rewritten with the live writes alone once done marks and answered writes are three
            // quarters of it: a rewrite costs a quarter of what was appended since the last one.
            if offset > 64 << 10, offset > 4 * (OutboxJournalFormat.headerSize + index.liveBytes) { try rewrite() }
        }
    }

    private func firstRecord() throws(CacheStoreError) -> OutboxRecord? {
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            return index.first()
        }
    }

    private func allRecords() throws(CacheStoreError) -> [OutboxRecord] {
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            return index.all
        }
    }

    // MARK: - Reading

    private var journalPath: String { path(of: "\(name).journal") }

    /// Whether the open journal has its header (else appending starts by writing one).
    private var hasHeader: Bool { journal != nil && offset >= OutboxJournalFormat.headerSize }

    /// Reads what was appended since the last read, by this or another process; repairs and
    /// reports damage.
    private func refresh() throws(CacheStoreError) {
        guard let info = try JournalFile.status(of: journalPath) else {
            // No journal (never written, or the folder was cleared): nothing is queued on disk.
            closeJournal()
            index = OutboxIndex()
            return
        }
        let size = Int(info.st_size)
        if let journal, journal.isSame(as: info) {
            if size == offset { return }
            if size > offset {
                let bytes = try journal.read(from: offset, count: size - offset)
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
        try openJournal()
        index = OutboxIndex()
        let bytes = try journal?.read(from: 0, count: size) ?? []
        offset = bytes.count
        guard !bytes.isEmpty else { return }   // created, never written: empty
        guard OutboxJournalFormat.startsWithHeader(bytes[...]) else {
            try keepAsideAndRepair(damagedBytes: bytes.count, journalBytes: bytes)
            return
        }
        let parsed = OutboxJournalFormat.parse(bytes[OutboxJournalFormat.headerSize...])
        apply(parsed.frames)
        if parsed.damagedBytes > 0 { try keepAsideAndRepair(damagedBytes: parsed.damagedBytes, journalBytes: bytes) }
    }

    private func apply(_ frames: [OutboxJournalFormat.Frame]) {
        for frame in frames {
            switch frame {
            case .write(let record): index.add(record)
            case .done(let id): index.markDone(id)
            }
        }
    }

    /// Opens the folder's journal in place of the one open now; nothing is read yet.
    private func openJournal() throws(CacheStoreError) {
        closeJournal()
        journal = try JournalFile(opening: journalPath)
    }

    private func closeJournal() {
        journal?.closeFile()
        journal = nil
        offset = 0
    }

    // MARK: - Writing

    private func appendFrame(_ frame: [UInt8], flush: Bool) throws(CacheStoreError) {
        guard let journal else { throw .io("\(journalPath) is not open") }
        try journal.append(frame, flush: flush, cuttingBackTo: offset)
        offset += frame.count
    }

    /// Writes the header and the live writes to a new journal, flushed, renames it over the old
    /// one and opens it. Temporary files of a rewrite killed midway go first.
    private func rewrite() throws(CacheStoreError) {
        let temporaryPrefix = ".\(name).journal.tmp-"
        for leftover in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where leftover.hasPrefix(temporaryPrefix) {
            unlink(path(of: leftover))   // under the lock: no rewrite of another process is under way
        }
        var bytes = OutboxJournalFormat.header
        for record in index.all { bytes += OutboxJournalFormat.encode(.write(record)) }
        let temporary = path(of: temporaryPrefix + UUID().uuidString)
        try DurableFile.create(temporary, with: bytes)
        guard rename(temporary, journalPath) == 0 else {
            let reason = DurableFile.errnoText()
            unlink(temporary)
            throw .io("replacing \(journalPath): \(reason)")
        }
        DurableFile.syncDirectory(directory.path)
        try openJournal()
        offset = bytes.count
    }

    /// Copies the journal aside (`journalBytes` when they were read already), reports it, and
    /// rewrites it with the writes still readable.
    private func keepAsideAndRepair(damagedBytes: Int, journalBytes: [UInt8]? = nil) throws(CacheStoreError) {
        var keptAt: String?
        if let bytes = journalBytes ?? (try? journal?.readAll()) {
            let stamp = Int(Date().timeIntervalSince1970)
            let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let aside = path(of: "\(name).damaged-\(stamp)-\(random)")
            if (try? DurableFile.create(aside, with: bytes)) != nil { keptAt = aside }
        }
        problems.append(.damaged(byteCount: damagedBytes, keptAt: keptAt))
        try rewrite()
    }

    // MARK: - Lock

    /// Runs `body` holding the exclusive lock (see ``FolderLock``).
    private func withLock<T>(creating: Bool, _ body: () throws(CacheStoreError) -> T) throws(CacheStoreError) -> T {
        if let nameProblem { throw .io(nameProblem) }
        return try lock.withLock(creating: creating, body)
    }

    private func path(of file: String) -> String { directory.appendingPathComponent(file).path }
}
