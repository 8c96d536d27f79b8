public import Foundation
import MVVMCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``CacheStore`` of files in one folder, with no dependency: one file per key, written
/// atomically and bounded in size.
///
/// - **All or nothing.** A save writes a temporary file, flushes it to disk (`fsync`), and
///   renames it over the old one. A process killed mid-save leaves the old entry or the new one,
///   never a mix (CrashSafetyTests kills a writer mid-save, again and again).
/// - **Checked.** Each file carries its key and a checksum; a file that is torn or foreign is
///   removed and reported as ``CacheStoreError/corrupted(_:)``.
/// - **Bounded.** When the files outgrow `maxBytes`, the least recently used (read or saved)
///   go first; a read touches its file's time, so the order outlives the process. Give data
///   that must not be evicted by bulk (saved pages, against pictures) a store of its own.
///
/// ```swift
/// let store = FileCacheStore(directory: cachesFolder.appending(path: "api"), maxBytes: 16 << 20)
/// let local = LocalDataSource(store: store, schemaVersion: 2)
/// ```
///
/// Use one store per folder in a process. Temporary files a killed process left behind are
/// removed the first time the store saves (or counts ``totalBytes``).
///
/// On Apple platforms `fsync` flushes to the drive, not through its cache (`F_FULLFSYNC` is not
/// used): a process crash never tears an entry; a power cut may lose the last saves.
///
/// The store's code runs on a thread of its own, never on a thread of the Swift concurrency pool:
/// a slow flush holds no pool thread (`scripts/slow-disk`).
public actor FileCacheStore: CacheStore {
    /// Where the store's code runs: a thread of its own, off the Swift pool.
    private nonisolated let io = BlockingIOExecutor(label: "mvvm.file-cache-store")
    /// The folder; made when the first entry is saved.
    package nonisolated let directory: URL
    /// The most bytes the folder's entries may take.
    package nonisolated let maxBytes: Int
    /// Every entry file: its size and when it was saved, built on first need.
    private var index: [String: IndexedFile]?
    /// Orders saves made in the same instant.
    private var saves = 0

    private struct IndexedFile {
        var size: Int
        var modified: Date
        var sequence: Int

        func isOlder(than other: IndexedFile) -> Bool {
            (modified, sequence) < (other.modified, other.sequence)
        }
    }

    /// A store in `directory`, holding at most `maxBytes` (64 MiB by default).
    public init(directory: URL, maxBytes: Int = 64 << 20) {
        self.directory = directory
        self.maxBytes = max(1, maxBytes)
    }

    /// The entry saved under `key`; a torn or foreign file is removed and reported.
    public nonisolated func entry(for key: String) async throws(CacheStoreError) -> CacheEntry? {
        try await io.call(self) { store throws(CacheStoreError) in try store.readEntry(for: key) }
    }

    /// Saves `entry` under `key`: the old entry or the new one survives a crash, never a mix.
    public nonisolated func save(_ entry: CacheEntry, for key: String) async throws(CacheStoreError) {
        try await io.call(self) { store throws(CacheStoreError) in try store.write(entry, for: key) }
    }

    /// Removes the entry under `key`.
    public nonisolated func removeEntry(for key: String) async throws(CacheStoreError) {
        try await io.call(self) { store throws(CacheStoreError) in try store.remove(key) }
    }

    /// Removes every entry file (and any temporary file) in the folder, leaving other files.
    public nonisolated func removeAll() async throws(CacheStoreError) {
        try await io.call(self) { store throws(CacheStoreError) in try store.removeEveryEntry() }
    }

    /// The bytes the entries take now.
    public nonisolated var totalBytes: Int {
        get async throws(CacheStoreError) {
            try await io.call(self) { store throws(CacheStoreError) in try store.loadIndex().values.reduce(0) { $0 + $1.size } }
        }
    }

    private func readEntry(for key: String) throws(CacheStoreError) -> CacheEntry? {
        let path = filePath(for: key)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            if !FileManager.default.fileExists(atPath: path) { return nil }
            throw .io("reading \(fileName(for: key)): \(error.localizedDescription)")
        }
        guard let (savedKey, entry) = CacheEntryFile.decode(bytes) else {
            removeFile(named: fileName(for: key))
            throw .corrupted("\(fileName(for: key)) is not a whole entry (\(bytes.count) bytes)")
        }
        // Another key with the same file name (a hash collision): not this key's entry.
        guard savedKey == key else { return nil }
        markUsed(fileName(for: key))
        return entry
    }

    /// `name` was just read: it is the most recently used, here and, through its file's time,
    /// for the next process.
    private func markUsed(_ name: String) {
        saves += 1
        index?[name]?.modified = Date()
        index?[name]?.sequence = saves
        _ = utimensat(AT_FDCWD, path(of: name), nil, 0)
    }

    private func write(_ entry: CacheEntry, for key: String) throws(CacheStoreError) {
        let bytes = CacheEntryFile.encode(key: key, entry: entry)
        guard bytes.count <= maxBytes else { throw .tooLarge(bytes: bytes.count, limit: maxBytes) }
        try makeDirectory()
        var index = try loadIndex()
        let name = fileName(for: key)
        let temporary = ".tmp-\(UUID().uuidString)"
        do throws(CacheStoreError) {
            try DurableFile.create(path(of: temporary), with: bytes)
            guard rename(path(of: temporary), path(of: name)) == 0 else { throw CacheStoreError.io("rename: \(DurableFile.errnoText())") }
        } catch {
            unlink(path(of: temporary))
            throw error
        }
        DurableFile.syncDirectory(directory.path)
        saves += 1
        index[name] = IndexedFile(size: bytes.count, modified: Date(), sequence: saves)
        self.index = index
        evict(keeping: name)
    }

    private func remove(_ key: String) throws(CacheStoreError) {
        let name = fileName(for: key)
        guard unlink(path(of: name)) == 0 || errno == ENOENT else { throw .io("unlink: \(DurableFile.errnoText())") }
        index?[name] = nil
    }

    private func removeEveryEntry() throws(CacheStoreError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw .io("\(directory.path) is a file, not a folder") }
        // Foundation's error says only "NSCocoaErrorDomain error 257"; the system's says why.
        guard let folder = opendir(directory.path) else { throw .io("cannot list \(directory.path): \(DurableFile.errnoText())") }
        closedir(folder)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .io("cannot list \(directory.path): \(error.localizedDescription)")
        }
        for name in names where Self.isOurs(name) {
            guard unlink(path(of: name)) == 0 || errno == ENOENT else { throw .io("unlink: \(DurableFile.errnoText())") }
        }
        index = [:]
    }

    // MARK: - Files

    /// `<16 hex digits of the key's FNV-1a hash>.entry`: a fixed-length name whatever the key.
    private func fileName(for key: String) -> String {
        let hash = CacheEntryFile.checksum(Array(key.utf8)[...])
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".entry"
    }

    private func filePath(for key: String) -> String { path(of: fileName(for: key)) }

    private func path(of name: String) -> String { directory.appendingPathComponent(name).path }

    private static func isOurs(_ name: String) -> Bool {
        name.hasSuffix(".entry") || name.hasPrefix(".tmp-")
    }

    private func makeDirectory() throws(CacheStoreError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io("creating \(directory.path): \(error.localizedDescription)")
        }
    }

    private func removeFile(named name: String) {
        unlink(path(of: name))
        index?[name] = nil
    }

    /// Lists the folder once: entry sizes and dates for eviction; leftover temporary files of a
    /// killed process are removed.
    private func loadIndex() throws(CacheStoreError) -> [String: IndexedFile] {
        if let index { return index }
        var built: [String: IndexedFile] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names {
            if name.hasPrefix(".tmp-") {
                unlink(path(of: name))
            } else if name.hasSuffix(".entry"),
                      let attributes = try? FileManager.default.attributesOfItem(atPath: path(of: name)) {
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                let modified = attributes[.modificationDate] as? Date ?? .distantPast
                built[name] = IndexedFile(size: size, modified: modified, sequence: 0)
            }
        }
        index = built
        return built
    }

    /// Removes the least recently saved entries until the rest fit in `maxBytes`.
    private func evict(keeping kept: String) {
        guard var index else { return }
        var total = index.values.reduce(0) { $0 + $1.size }
        guard total > maxBytes else { return }
        let oldestFirst = index.filter { $0.key != kept }.sorted { $0.value.isOlder(than: $1.value) }
        for (name, file) in oldestFirst where total > maxBytes {
            unlink(path(of: name))
            index[name] = nil
            total -= file.size
        }
        self.index = index
    }
}
