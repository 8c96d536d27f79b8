public import Foundation
import MVVMCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``RecordStorage`` in a folder: an append-only journal, `<name>.records`, that several
/// processes can share, guarded by an exclusive `flock` on `<name>.records-lock`. No dependency.
///
/// - **Saving costs what changed.** A save appends one frame per record (its id, value and when
///   it was learnt) and flushes it (`fsync`) before it returns: the bytes written do not grow with
///   the records held (`FileRecordStorageTests`, and the `records/bytes per write` benchmark).
/// - **Kept small.** Once the journal is over 256 KiB and more than twice the latest value of
///   every record, it is rewritten with those alone: a rewrite costs at most what was appended
///   since the last one.
/// - **Shared safely.** Every save appends under the lock, after reading what other processes
///   appended, and keeps of each record the value learnt later; nobody rewrites a copy it read
///   earlier. An open file cannot be replaced by another with the same inode, so comparing the
///   folder's journal with the open one tells for certain whether another process rewrote it.
/// - **Damage is repaired.** Bytes that do not read as whole frames (a cut file, a foreign one)
///   are dropped and the journal rewritten with every record still readable. Only the server's
///   values live here (writes wait in the outbox), so what was lost is read again from the
///   server. A journal a newer version of this type wrote is left alone: it reads as empty, and
///   saves throw. A record over 16 MiB is not saved (the server has it).
///
/// The storage's code runs on a thread of its own, never on a thread of the Swift concurrency
/// pool: a slow flush, or a wait on another process's lock, holds no pool thread.
///
/// ```swift
/// let users = RecordStore(outbox: outbox, storage: FileRecordStorage(directory: caches, name: "users"), search: .users)
/// ```
public actor FileRecordStorage: RecordStorage {
    /// Where the storage's code runs: a thread of its own, off the Swift pool.
    private nonisolated let io = BlockingIOExecutor(label: "mvvm.file-record-storage")
    /// The folder; made when the first record is saved.
    package nonisolated let directory: URL
    /// The files' base name.
    package nonisolated let name: String

    /// Where the latest frame of each record is in the open journal.
    private struct Slot {
        var learnt: Date
        var start: Int
        var length: Int
    }

    /// Why ``name`` cannot be used, or `nil`.
    private let nameProblem: String?
    private var lock: FolderLock
    private var journal: JournalFile?
    /// How many bytes of the open journal were read, header included.
    private var offset = 0
    private var slots: [Data: Slot] = [:]
    /// The bytes of the frames in ``slots``.
    private var liveBytes = 0
    /// Set when the journal was written by a newer version of this type: it reads as empty and
    /// is never written, so that an older app never wipes what a newer one saved.
    private var newerFormat: String?
    /// Set when the open journal's header is format 1's: it is rewritten with format 2's before a
    /// frame format 1 does not have is added (``RecordJournalFormat``).
    private var isFormatOne = false

    /// A journal in `directory` named `name` (`<name>.records`, `<name>.records-lock`). `name` is
    /// one file name component: letters, digits, `-`, `_` and `.`, not starting with a dot; any
    /// other makes every call throw ``CacheStoreError/io(_:)``.
    public init(directory: URL, name: String) {
        self.directory = directory
        self.name = name
        lock = FolderLock(directory: directory, fileName: "\(name).records-lock")
        nameProblem = FolderLock.problem(withName: name, of: "record storage")
    }

    deinit {
        lock.closeFile()
        journal?.closeFile()
    }

    /// Every record saved, as every process sharing the folder left them.
    public nonisolated func records() async throws(CacheStoreError) -> [SavedRecord] {
        try await io.call(self) { storage throws(CacheStoreError) in try storage.readAll() }
    }

    /// The saved records among `ids`.
    public nonisolated func records(_ ids: [Data]) async throws(CacheStoreError) -> [SavedRecord] {
        try await io.call(self) { storage throws(CacheStoreError) in try storage.read(ids) }
    }

    /// Appends each record that replaces the saved one, and flushes them before returning.
    public nonisolated func save(_ records: [SavedRecord]) async throws(CacheStoreError) {
        try await io.call(self) { storage throws(CacheStoreError) in try storage.append(records) }
    }

    /// Forgets the records saved under the ids of `records`, unless learnt after the date given:
    /// the journal is written again without them (flushed, then renamed over the old one), one
    /// rewrite for all of them.
    public nonisolated func remove(_ records: [Data: Date]) async throws(CacheStoreError) {
        guard !records.isEmpty else { return }
        try await io.call(self) { storage throws(CacheStoreError) in try storage.forget(records) }
    }

    private func forget(_ records: [Data: Date]) throws(CacheStoreError) {
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            if let newerFormat { throw .io(newerFormat) }
            guard journal != nil else { return }
            var removed = false
            for (id, learnt) in records {
                guard let slot = slots[id], slot.learnt <= learnt else { continue }
                slots[id] = nil
                liveBytes -= slot.length
                removed = true
            }
            if removed { try rewrite() }
        }
    }

    private func readAll() throws(CacheStoreError) -> [SavedRecord] {
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            guard let journal, !slots.isEmpty else { return [] }
            let bytes = try journal.read(from: 0, count: offset)[...]
            return slots.values.compactMap { frame(in: bytes, at: $0) }
        }
    }

    private func read(_ ids: [Data]) throws(CacheStoreError) -> [SavedRecord] {
        try withLock(creating: false) { () throws(CacheStoreError) in
            try refresh()
            guard let journal else { return [] }
            var found: [SavedRecord] = []
            for id in ids {
                guard let slot = slots[id] else { continue }
                let bytes = try journal.read(from: slot.start, count: slot.length)
                if let record = RecordJournalFormat.parse(bytes[...]).frames.first?.frame { found.append(record) }
            }
            return found
        }
    }

    private func append(_ records: [SavedRecord]) throws(CacheStoreError) {
        try withLock(creating: true) { () throws(CacheStoreError) in
            try refresh()
            if let newerFormat { throw .io(newerFormat) }
            if journal == nil || offset < RecordJournalFormat.headerSize
                || (isFormatOne && records.contains(where: RecordJournalFormat.needsFormatTwo)) { try rewrite() }
            var bytes: [UInt8] = []
            var added: [(id: Data, slot: Slot)] = []
            var newest: [Data: Date] = [:]
            for record in records where RecordJournalFormat.fits(record) {
                let saved = newest[record.id] ?? slots[record.id]?.learnt
                guard saved.map({ record.learnt >= $0 }) ?? true else { continue }
                let frame = RecordJournalFormat.encode(record)
                added.append((record.id, Slot(learnt: record.learnt, start: offset + bytes.count, length: frame.count)))
                newest[record.id] = record.learnt
                bytes += frame
            }
            guard !bytes.isEmpty, let journal else { return }
            try journal.append(bytes, flush: true, cuttingBackTo: offset)
            offset += bytes.count
            for (id, slot) in added { take(slot, for: id) }
            // Saved already: a rewrite that fails (a full disk) is tried again at the next save.
            if offset > 256 << 10, offset > 2 * (RecordJournalFormat.headerSize + liveBytes) { try? rewrite() }
        }
    }

    // MARK: - Reading

    private var journalPath: String { directory.appendingPathComponent("\(name).records").path }

    /// Reads what was appended since the last read, by this or another process; repairs damage.
    private func refresh() throws(CacheStoreError) {
        guard let info = try JournalFile.status(of: journalPath) else {
            closeJournal()   // never written, or the folder was cleared
            return
        }
        let size = Int(info.st_size)
        if let journal, journal.isSame(as: info), size >= offset {
            guard size > offset, newerFormat == nil else { return }
            let bytes = try journal.read(from: offset, count: size - offset)
            let parsed = RecordJournalFormat.parse(bytes[...])
            for (record, range) in parsed.frames {
                take(Slot(learnt: record.learnt, start: offset + range.lowerBound, length: range.count), for: record.id)
            }
            offset += bytes.count
            if parsed.damagedBytes > 0 { try reread(repairing: true) }
            return
        }
        // A journal this instance has not read (first use, rewritten by another process), or one
        // cut shorter in place.
        closeJournal()
        journal = try JournalFile(opening: journalPath)
        try reread(repairing: false)
    }

    /// Reads the open journal from the start; rewrites it with what could be read when it is
    /// damaged (or `repairing` says it was).
    private func reread(repairing: Bool) throws(CacheStoreError) {
        // (Throws only when the journal cannot be read.)
        guard let journal else { return }
        let bytes = try journal.readAll()
        slots = [:]
        liveBytes = 0
        offset = bytes.count
        newerFormat = nil
        isFormatOne = false
        guard !bytes.isEmpty else { return }   // created, never written: empty
        if RecordJournalFormat.isNewerFormat(bytes[...]) {
            newerFormat = "\(journalPath) was written by a newer version: it is neither read nor written"
            return
        }
        // A foreign file: nothing in it is ours to keep. A read-only folder keeps it and reads empty.
        isFormatOne = bytes.starts(with: RecordJournalFormat.formatOneHeader)
        guard isFormatOne || bytes.starts(with: RecordJournalFormat.header) else {
            _ = try? rewrite()
            return
        }
        let parsed = RecordJournalFormat.parse(bytes[RecordJournalFormat.headerSize...])
        for (record, range) in parsed.frames {
            take(Slot(learnt: record.learnt, start: range.lowerBound, length: range.count), for: record.id)
        }
        // Repaired when the folder can be written; a read-only one still reads what is whole.
        if repairing || parsed.damagedBytes > 0 { try? rewrite(from: bytes[...]) }
    }

    /// Makes `slot` the record's latest frame unless the one held was learnt later.
    private func take(_ slot: Slot, for id: Data) {
        if let held = slots[id] {
            guard slot.learnt >= held.learnt else { return }
            liveBytes -= held.length
        }
        slots[id] = slot
        liveBytes += slot.length
    }

    /// The record whose frame `slot` is in `bytes` (the journal from its start).
    private func frame(in bytes: ArraySlice<UInt8>, at slot: Slot) -> SavedRecord? {
        guard slot.start + slot.length <= bytes.endIndex else { return nil }
        return RecordJournalFormat.parse(bytes[slot.start..<(slot.start + slot.length)]).frames.first?.frame
    }

    private func closeJournal() {
        journal?.closeFile()
        journal = nil
        newerFormat = nil
        isFormatOne = false
        offset = 0
        slots = [:]
        liveBytes = 0
    }

    // MARK: - Writing

    /// Writes the header and the latest frame of each record (read from `journalBytes`, else the
    /// open journal) to a new journal, flushed, renames it over the old one and opens it.
    /// Temporary files of a rewrite killed midway go first.
    private func rewrite(from journalBytes: ArraySlice<UInt8>? = nil) throws(CacheStoreError) {
        var old = journalBytes ?? []
        if journalBytes == nil, let journal { old = try journal.readAll()[...] }
        let temporaryPrefix = ".\(name).records.tmp-"
        for leftover in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where leftover.hasPrefix(temporaryPrefix) {
            unlink(directory.appendingPathComponent(leftover).path)   // under the lock: no other rewrite is under way
        }
        var bytes = RecordJournalFormat.header
        var moved: [Data: Slot] = [:]
        for (id, slot) in slots where slot.start + slot.length <= old.endIndex {
            moved[id] = Slot(learnt: slot.learnt, start: bytes.count, length: slot.length)
            bytes += old[slot.start..<(slot.start + slot.length)]
        }
        let temporary = directory.appendingPathComponent(temporaryPrefix + UUID().uuidString).path
        try DurableFile.create(temporary, with: bytes)
        guard rename(temporary, journalPath) == 0 else {
            let reason = DurableFile.errnoText()
            unlink(temporary)
            throw .io("replacing \(journalPath): \(reason)")
        }
        DurableFile.syncDirectory(directory.path)
        closeJournal()
        journal = try JournalFile(opening: journalPath)
        offset = bytes.count
        slots = moved
        liveBytes = moved.values.reduce(0) { $0 + $1.length }
    }

    // MARK: - Lock

    private func withLock<T>(creating: Bool, _ body: () throws(CacheStoreError) -> T) throws(CacheStoreError) -> T {
        if let nameProblem { throw .io(nameProblem) }
        return try lock.withLock(creating: creating, body)
    }
}
