// Compiled only with the package's `MVVMGRDB` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMGRDB
import Dispatch
import Foundation
import GRDB
import MVVMData
import MVVMLocking

/// An SQLite database file as both stores of this module hold it: opened at once unless another
/// connection holds the file locked, and then at its first use; waiting for another connection's
/// lock (up to 5 s, ``LockWait``) only off the Swift pool; remade when it is damaged, for a store
/// that may lose its contents.
///
/// Its `init` never waits for a lock: a store made while another process holds the file locked
/// (a write, `locking_mode=EXCLUSIVE`) opens at its first read or save, which wait for the lock
/// as every later one does, on a queue of this database's own. Two Swift pool threads waiting for
/// a lock stopped a whole app, a server's answer included (issue 54, M7).
final class LazyDatabase: Sendable {
    /// The file, or `nil` in memory.
    let path: String?
    /// The database; another one when a damaged file was remade; unopened until the first use
    /// when another connection held the file locked at `init`.
    private let current: Lock<Connection>
    /// How long a statement waits for another connection's lock.
    private let lockWait: LockWait
    /// Where the database is opened or remade, one at a time, off the Swift pool; ``current``'s
    /// lock is only ever held to read or set it.
    private let opening: DispatchQueue
    /// Names the connections (GRDB's label).
    private let label: String
    /// Makes an opened database ready (its tables, checked), closing it when it fails.
    private let prepare: @Sendable (any DatabaseWriter) throws(CacheStoreError) -> Void

    /// Opens (creating it if needed) the database at `path` and prepares it, unless another
    /// connection holds it locked: then at the first ``database(for:)``.
    ///
    /// - Throws: `CacheStoreError.corrupted(_:)` when the file is not an SQLite database or
    ///   `prepare` says so; `CacheStoreError.io(_:)` for another failure than a lock.
    init(path: String, label: String, prepare: @escaping @Sendable (any DatabaseWriter) throws(CacheStoreError) -> Void) throws(CacheStoreError) {
        let lockWait = LockWait()
        var opened: (any DatabaseWriter)?
        do {
            let pool = try Self.pool(at: path, label: label, lockWait: lockWait)
            try prepare(pool)
            opened = pool
        } catch {
            // Another connection's lock (the busy handler was asked to wait, and did not): open
            // at the first use. Any other failure is the file's.
            guard lockWait.refusedAWait else { throw error }
            opened = nil
        }
        lockWait.isPatient = true
        current = Lock(opened.map(Connection.open) ?? .unopened)
        self.lockWait = lockWait
        self.path = path
        self.label = label
        self.prepare = prepare
        opening = DispatchQueue(label: "\(label).opening")
    }

    /// A database in memory, gone when released.
    init(inMemoryLabel label: String, prepare: @escaping @Sendable (any DatabaseWriter) throws(CacheStoreError) -> Void) throws(CacheStoreError) {
        let lockWait = LockWait()
        lockWait.isPatient = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: Self.configuration(label: label, lockWait: lockWait))
        } catch {
            throw SQLiteCacheStore.storeError(error, while: "opening an in-memory database")
        }
        try prepare(queue)
        current = Lock(.open(queue))
        self.lockWait = lockWait
        path = nil
        self.label = label
        self.prepare = prepare
        opening = DispatchQueue(label: "\(label).opening")
    }

    /// The database, opened now (on ``opening``) when a lock kept `init` from it.
    func database(for action: String) async throws(CacheStoreError) -> any DatabaseWriter {
        switch current.withLock({ $0 }) {
        case .open(let database): return database
        case .closed: throw .io("\(action): the store is closed")
        case .unopened: break
        }
        guard let path else { throw .io("\(action): no file") }
        return try await run { () throws(CacheStoreError) in
            switch self.current.withLock({ $0 }) {
            case .open(let database): return database   // another call opened it
            case .closed: throw .io("\(action): the store is closed")
            case .unopened: break
            }
            return try self.install(self.openPrepared(at: path))
        }
    }

    /// The database in place of `damaged` (`nil`: a file that could not be opened): a new empty
    /// file at the path, unless another call has remade or opened it already (then that one).
    func remake(damaged: (any DatabaseWriter)?, for action: String) async throws(CacheStoreError) -> any DatabaseWriter {
        guard let path else { throw .io("\(action): no file to remake") }
        return try await run { () throws(CacheStoreError) in
            switch self.current.withLock({ $0 }) {
            case .closed: throw .io("\(action): the store is closed")
            case .open(let database) where damaged.map({ database !== $0 }) ?? true: return database
            case .open, .unopened: break
            }
            // The damaged pool's connections keep the old file open until they end; the new
            // file is another one at the same path.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            return try self.install(self.openPrepared(at: path))
        }
    }

    /// Closes the database; later uses throw `CacheStoreError.io(_:)`.
    func close() throws(CacheStoreError) {
        let database = current.withLock { connection in
            defer { connection = .closed }
            return connection.database
        }
        do {
            try database?.close()
        } catch {
            throw SQLiteCacheStore.storeError(error, while: "closing")
        }
    }

    /// The file at `path`, opened and prepared.
    private func openPrepared(at path: String) throws(CacheStoreError) -> any DatabaseWriter {
        let pool = try Self.pool(at: path, label: label, lockWait: lockWait)
        try prepare(pool)
        return pool
    }

    /// Makes `database` this one's, unless it was closed meanwhile (then closes it).
    private func install(_ database: any DatabaseWriter) throws(CacheStoreError) -> any DatabaseWriter {
        let installed = current.withLock { connection in
            guard case .closed = connection else {
                connection = .open(database)
                return true
            }
            return false
        }
        guard installed else {
            try? database.close()
            throw .io("opening \(path ?? "memory"): the store is closed")
        }
        return database
    }

    /// Runs `body` on ``opening`` (never on the Swift pool: opening may wait for a lock).
    private func run<Value: Sendable>(_ body: @escaping @Sendable () throws(CacheStoreError) -> Value) async throws(CacheStoreError) -> Value {
        let result: Result<Value, CacheStoreError> = await withCheckedContinuation { continuation in
            opening.async {
                continuation.resume(returning: Result { () throws(CacheStoreError) in try body() })
            }
        }
        return try result.get()
    }

    /// The database file at `path`, opened.
    private static func pool(at path: String, label: String, lockWait: LockWait) throws(CacheStoreError) -> DatabasePool {
        do {
            return try DatabasePool(path: path, configuration: configuration(label: label, lockWait: lockWait))
        } catch {
            throw SQLiteCacheStore.storeError(error, while: "opening \(path)")
        }
    }

    private static func configuration(label: String, lockWait: LockWait) -> Configuration {
        var configuration = Configuration()
        configuration.label = label
        // Another store on the same file (another process) may be saving: wait for it, except
        // while `init` opens the file.
        configuration.busyMode = .callback { tries in lockWait.waitAgain(after: tries) }
        WriteAheadLogLimit.apply(to: &configuration)
        return configuration
    }
}

/// A ``LazyDatabase``'s database: not opened yet (a lock kept `init` from it), open, or closed
/// for good.
private enum Connection: Sendable {
    case unopened
    case open(any DatabaseWriter)
    case closed

    var database: (any DatabaseWriter)? {
        if case .open(let database) = self { return database }
        return nil
    }
}
#endif  // MVVMGRDB
