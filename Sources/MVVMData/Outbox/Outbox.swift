public import Foundation
public import Logging
public import MVVMCore

/// Every write the user makes, kept on the device before it is sent, and sent in order until the
/// server answers: once ``enqueue(_:id:)`` returns, nothing is lost to a dead network, a quit, a
/// `kill -9` or a restart (``RecordStore/waitUntilSaved()`` waits for a record store's writes).
///
/// - **Durable before sent.** ``enqueue(_:id:)`` returns once the write is on disk
///   (``FileOutboxStorage`` flushes it); only then does the deliverer send it. Queue every
///   write, not only those that failed: a write sent first and queued after it failed is lost
///   when the app dies while the request is in flight.
/// - **In order.** ``deliver(isRetryable:send:)`` sends the oldest write first, and the next only
///   once the server answered it.
/// - **Once in effect.** Each write has an ``Entry/id`` made once; send
///   ``Entry/idempotencyKey`` with every try (an `Idempotency-Key` header), so a write the server
///   applied whose answer was lost (the app was killed mid-request, or the answer could not be
///   recorded in a read-only folder) is not applied again, and an old write replayed never
///   overwrites a newer one.
/// - **Patient.** A failure `isRetryable` says may pass (no connection, a 503) is tried again
///   after a back-off on the injected clock (1 s, 2 s, 4 s… up to a minute by default), for as
///   long as it takes; ``nudge()`` tries at once: call it when any request succeeds (the network
///   is back) or the user pulls to refresh.
/// - **Honest.** A write the server refuses, a write this version cannot read, and damage to the
///   stored queue are each reported once in ``outcomes``, so the screen can roll back and say so;
///   so is a write another process sharing the storage answered
///   (``Outcome/answeredElsewhere(_:)``), so that it is pending no more here either.
///
/// ```swift
/// enum UserWrite: Codable, Sendable { case setActive(Bool, userID: Int), delete(userID: Int) }
///
/// let outbox = Outbox<UserWrite>(storage: FileOutboxStorage(directory: folder), clock: ContinuousClock())
/// let delivery = Task {
///     await outbox.deliver(isRetryable: { ($0 as? UserError)?.isRetryable ?? false }) { entry in
///         try await repository.send(entry.write, idempotencyKey: entry.idempotencyKey)
///     }
/// }
/// try await outbox.enqueue(.setActive(false, userID: 42))
/// ```
///
/// Several outboxes (in one process or several) may share one storage: each sees the others'
/// writes at its next read, and two deliverers sending the same write send it under the same
/// idempotency key.
public actor Outbox<Write: Codable & Sendable> {
    /// A queued write.
    public struct Entry: Sendable, Identifiable {
        /// Made once when the write is queued, unique for ever.
        public let id: UUID
        /// The write.
        public let write: Write
        /// When it was queued.
        public let enqueuedAt: Date

        /// The key to send with every try of this write (`Idempotency-Key`): the id, lowercased.
        public var idempotencyKey: String { id.uuidString.lowercased() }
    }

    /// What became of a write, or of the stored queue.
    public enum Outcome: Sendable {
        /// The server took it.
        case delivered(Entry)
        /// The server refused it (`isRetryable` said the failure would not pass); it is gone from
        /// the outbox. Roll it back on screen and tell the user.
        case rejected(Entry, any Error)
        /// A queued write this version cannot read (another schema version, no migration); it is
        /// gone from the outbox. Tell the user it was not sent.
        case unreadable(UnreadableWrite)
        /// Something is wrong with the stored queue (see ``OutboxProblem``). Tell the user.
        case problem(OutboxProblem)
        /// Another outbox sharing the storage (another process on the same folder) answered this
        /// write: it is gone from the queue, and this outbox never learnt the server's answer.
        /// Take the record's value from where that process saved it, or read it again.
        case answeredElsewhere(Entry)
    }

    /// Where the writes are kept.
    package nonisolated let storage: any OutboxStorage
    /// The version of `Write`'s encoded shape. Raise it when `Write` changes so that old
    /// writes no longer decode as they should, and give a `migrate` closure.
    package nonisolated let schemaVersion: Int
    /// The delays between tries of a write that keeps failing: `initialDelay`, then growing by
    /// `multiplier` up to `maxDelay`. (`maxAttempts` is not used: the outbox never gives up on
    /// a failure that may pass.)
    package nonisolated let backOff: RetryPolicy
    /// Each write's outcome, once, in order, and each problem with the stored queue. One
    /// consumer: the ``RecordStore`` over this outbox, or the app, which tells the user.
    public nonisolated let outcomes: AsyncStream<Outcome>

    let outcomeContinuation: AsyncStream<Outcome>.Continuation
    let clock: any Clock<Duration>
    let logger: Logger
    /// When each write is made, and its id: `Dependencies`' when the outbox was made.
    private let now: @Sendable () -> Date
    private let newID: NewID
    private let decoding: OutboxDecoding<Write>
    let doorbell = Doorbell()
    /// Writes decoded so far, by id.
    private var decoded: [UUID: Entry] = [:]
    /// Writes this outbox answered: never known again from a read that began before the answer.
    private var answeredHere = AnsweredIDs()
    private var watchers: [Int: AsyncStream<[Entry]>.Continuation] = [:]
    private var nextWatcher = 0
    var isDelivering = false

    /// An outbox keeping its writes in `storage` (``FileOutboxStorage`` in an app), waiting
    /// `backOff`'s delays between tries on `clock` (`Dependencies`' by default: a test clock in
    /// tests), saving each write with `schemaVersion`, the version of `Write`'s encoded shape.
    /// `migrate` reads a write saved under another version (throw when it cannot); without it,
    /// such a write is reported as ``Outcome/unreadable(_:)``. Failures go to `logger`.
    ///
    /// The time and the id of each write come from `Dependencies.current` as it is here.
    public init(
        storage: any OutboxStorage,
        clock: any Clock<Duration> = Dependencies.current.clock,
        backOff: RetryPolicy = RetryPolicy(initialDelay: .seconds(1), maxDelay: .seconds(60)),
        schemaVersion: Int = 1,
        migrate: (@Sendable (OutboxRecord) throws -> Write)? = nil,
        logger: Logger = Logger(label: "mvvm.outbox")
    ) {
        self.storage = storage
        self.clock = clock
        self.backOff = backOff
        self.schemaVersion = schemaVersion
        self.decoding = OutboxDecoding(schemaVersion: schemaVersion, migrate: migrate)
        self.logger = logger
        let dependencies = Dependencies.current
        self.now = dependencies.now
        self.newID = dependencies.newID
        (outcomes, outcomeContinuation) = AsyncStream.makeStream()
    }

    /// The writes not yet answered, oldest first, including those other processes sharing the
    /// storage queued. Writes this version cannot read are left out (the deliverer reports them).
    ///
    /// - Throws: ``CacheStoreError`` when the storage cannot be read; nothing is lost.
    public var pending: [Entry] {
        get async throws(CacheStoreError) {
            let records = try await storage.all()
            await reportProblems()
            return records.compactMap { try? entry(for: $0) }
        }
    }

    /// Queues `write`: on disk when this returns, then the deliverer is woken.
    ///
    /// - Parameters:
    ///   - write: the write to keep and send.
    ///   - id: the write's ``Entry/id``; `nil` for a new one (`Dependencies.newID`). Give one
    ///     that must be known before this returns (``RecordStore`` shows the write under it; the
    ///     deliverer may answer it first).
    /// - Throws: ``CacheStoreError`` when it could not be saved (a read-only folder, a full
    ///   disk); it is then not queued and will not be sent: roll it back and tell the user.
    @discardableResult
    public func enqueue(_ write: Write, id: UUID? = nil) async throws(CacheStoreError) -> Entry {
        let data: Data
        do {
            data = try JSONEncoder().encode(write)
        } catch {
            throw .io("encoding \(Write.self): \(error)")
        }
        let entry = Entry(id: id ?? newID(), write: write, enqueuedAt: now())
        try await storage.append(OutboxRecord(id: entry.id, enqueuedAt: entry.enqueuedAt, schemaVersion: schemaVersion, payload: data))
        // The deliverer may have sent and answered it while the append returned.
        if !answeredHere.contains(entry.id) { decoded[entry.id] = entry }
        await reportProblems()
        await notifyWatchers()
        doorbell.ring()
        return entry
    }

    /// Ends the current back-off wait, so the oldest write is tried at once (and writes another
    /// process queued are looked at).
    public nonisolated func nudge() {
        doorbell.ring()
    }

    /// The pending writes now and after every change this outbox makes, until the stream is
    /// dropped. Each change reads the whole queue, so keep one watcher per screen, not per row.
    ///
    /// - Throws: ``CacheStoreError`` when the storage cannot be read.
    public func pendingChanges() async throws(CacheStoreError) -> AsyncStream<[Entry]> {
        let current = try await pending
        let (stream, continuation) = AsyncStream.makeStream(of: [Entry].self, bufferingPolicy: .bufferingNewest(1))
        let id = nextWatcher
        nextWatcher += 1
        watchers[id] = continuation
        continuation.yield(current)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.stopWatching(id) }
        }
        return stream
    }

    // MARK: - Storage

    /// The write in `record`, decoded once.
    func entry(for record: OutboxRecord) throws(UnreadableWrite) -> Entry {
        if let known = decoded[record.id] { return known }
        let entry = Entry(id: record.id, write: try decoding.write(in: record), enqueuedAt: record.enqueuedAt)
        // A read begun before this outbox answered the write still lists it: not known again.
        if !answeredHere.contains(record.id) { decoded[record.id] = entry }
        return entry
    }

    /// Takes a write out of the queue; a mark that cannot be saved is reported (the write is
    /// not sent again by this process, and its idempotency key protects a replay after a
    /// restart).
    func finish(_ id: UUID) async {
        answeredHere.insert(id)   // before the mark: a read meanwhile does not know it again
        do {
            try await storage.markDone(id)
        } catch {
            logger.warning("could not record that a write was answered", metadata: ["error": "\(error)"])
            outcomeContinuation.yield(.problem(.cannotRecordAnswer(error)))
        }
        decoded[id] = nil
        await notifyWatchers()
    }

    /// The writes this outbox has read or queued and not answered itself, by id.
    var knownEntries: [UUID: Entry] { decoded }

    /// Reports each of `known` that `live` (the queue as just read) lacks and this outbox still
    /// knows: another outbox answered it.
    func reportAnsweredElsewhere(known: [UUID: Entry], live: Set<UUID>) {
        for id in known.keys where !live.contains(id) {
            guard let entry = decoded.removeValue(forKey: id) else { continue }
            outcomeContinuation.yield(.answeredElsewhere(entry))
        }
    }

    private func notifyWatchers() async {
        guard !watchers.isEmpty, let entries = try? await pending else { return }
        for watcher in watchers.values { watcher.yield(entries) }
    }

    private func stopWatching(_ id: Int) {
        watchers[id] = nil
    }
}
