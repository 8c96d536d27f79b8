public import Foundation
public import Logging

/// Writes the user made that the server has not confirmed yet, kept on the device and sent in
/// order when it can be reached: nothing the user did is lost to a dead network or a restart.
///
/// - **Durable.** ``enqueue(_:)`` returns once the write is saved in the ``CacheStore``; an
///   outbox opened again over the same store after a restart has every write not yet delivered.
/// - **In order.** ``deliver(isRetryable:send:)`` sends the oldest write first, and the next only
///   once it is delivered or rejected.
/// - **Patient.** A failure `isRetryable` says may pass (no connection, a 503) is tried again
///   after a back-off on the injected clock (``backOff``'s delays: 1 s, 2 s, 4 s… up to a
///   minute by default), for as long as it takes; ``nudge()`` tries at once (the network came
///   back, the user pulled to refresh).
/// - **Honest.** A write the server rejects is removed and reported once in ``outcomes``, so the
///   screen can roll it back and say so.
///
/// The screen shows a queued write as done (optimistically) and marks it pending: read
/// ``pending`` or watch ``pendingChanges()``.
///
/// Give the outbox a store of its own (its own folder or database file): a store bounded in
/// size evicts its oldest entries, and the queue must never be one of them.
///
/// ```swift
/// enum UserWrite: Codable, Sendable { case setActive(Bool, userID: Int), delete(userID: Int) }
///
/// let outbox = Outbox<UserWrite>(store: FileCacheStore(directory: folder), clock: ContinuousClock())
/// Task {
///     await outbox.deliver(isRetryable: { ($0 as? UserError)?.isRetryable ?? false }) { write in
///         try await repository.send(write)
///     }
/// }
/// try await outbox.enqueue(.setActive(false, userID: 42))
/// ```
///
/// Writes should be idempotent (set a flag, delete by id), or carry ``Entry/id`` as an
/// idempotency key: a write the server applied just before the app was killed is sent again
/// after the restart, since the outbox could not record the answer.
public actor Outbox<Write: Codable & Sendable> {
    /// A queued write.
    public struct Entry: Codable, Sendable, Identifiable {
        /// Unique in this outbox, increasing in the order the writes were queued.
        public let id: Int
        /// The write.
        public let write: Write
        /// When it was queued.
        public let enqueuedAt: Date
    }

    /// What became of a write: the server took it, or refused it.
    public enum Outcome: Sendable {
        /// The server took it.
        case delivered(Entry)
        /// The server refused it (`isRetryable` said the failure would not pass); it is gone from
        /// the outbox. Roll it back on screen and tell the user.
        case rejected(Entry, any Error)
    }

    /// What the store keeps.
    private struct Saved: Codable {
        var nextID: Int
        var entries: [Entry]
    }

    /// Where the writes are kept.
    public nonisolated let store: any CacheStore
    /// The key they are kept under in ``store``.
    public nonisolated let key: String
    /// The delays between tries of a write that keeps failing: `initialDelay`, then growing by
    /// `multiplier` up to `maxDelay`. (`maxAttempts` is not used: the outbox never gives up on
    /// a failure that may pass.)
    public nonisolated let backOff: RetryPolicy
    /// Each write's outcome, once, in order. One consumer: the screen or app that rolls back.
    public nonisolated let outcomes: AsyncStream<Outcome>

    private let outcomeContinuation: AsyncStream<Outcome>.Continuation
    private let clock: any Clock<Duration>
    private let logger: Logger
    private let now: @Sendable () -> Date
    /// Encodes the queue into ``store`` and reads it back, stamped and versioned.
    private let local: LocalDataSource
    private let doorbell = Doorbell()
    private var saved: Saved?
    private var watchers: [Int: AsyncStream<[Entry]>.Continuation] = [:]
    private var nextWatcher = 0
    private var isDelivering = false
    /// Whether a change to the queue (load, add, remove and save) is under way: one at a time,
    /// in turn, so that no change starts from a queue another is about to replace.
    private var isChanging = false
    private var waitingToChange: [CheckedContinuation<Void, Never>] = []

    /// An outbox keeping its writes in `store` under `key`.
    ///
    /// - Parameters:
    ///   - store: where the writes are kept; use a durable one (``FileCacheStore``).
    ///   - key: the key in `store`; one per outbox.
    ///   - clock: the clock back-offs wait on; a test clock in tests.
    ///   - backOff: the delays between tries (see ``backOff``).
    ///   - logger: where failures to save are reported.
    ///   - now: the time recorded for each write.
    public init(
        store: any CacheStore,
        key: String = "outbox",
        clock: any Clock<Duration>,
        backOff: RetryPolicy = RetryPolicy(initialDelay: .seconds(1), maxDelay: .seconds(60)),
        logger: Logger = Logger(label: "mvvm.outbox"),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.key = key
        self.clock = clock
        self.backOff = backOff
        self.logger = logger
        self.now = now
        self.local = LocalDataSource(store: store, schemaVersion: 1, logger: logger, now: now)
        (outcomes, outcomeContinuation) = AsyncStream.makeStream()
    }

    /// The writes not yet delivered, oldest first (read from the store the first time).
    ///
    /// - Throws: ``CacheStoreError`` when the store cannot be read; nothing is lost, and the
    ///   next read tries again.
    public var pending: [Entry] {
        get async throws(CacheStoreError) {
            try await changing { () async throws(CacheStoreError) in try await load().entries }
        }
    }

    /// Queues `write`, saved before this returns, and wakes the deliverer.
    ///
    /// - Throws: ``CacheStoreError`` when it could not be saved; it is then not queued, and the
    ///   screen should roll it back.
    @discardableResult
    public func enqueue(_ write: Write) async throws(CacheStoreError) -> Entry {
        let entry = try await changing { () async throws(CacheStoreError) -> Entry in
            var next = try await load()
            let entry = Entry(id: next.nextID, write: write, enqueuedAt: now())
            next.nextID += 1
            next.entries.append(entry)
            try await persist(next)
            return entry
        }
        doorbell.ring()
        return entry
    }

    /// Ends the current back-off wait, so the oldest write is tried at once.
    public nonisolated func nudge() {
        doorbell.ring()
    }

    /// The pending writes now and after every change, until the stream is dropped.
    ///
    /// - Throws: ``CacheStoreError`` when the store cannot be read.
    public func pendingChanges() async throws(CacheStoreError) -> AsyncStream<[Entry]> {
        let current = try await changing { () async throws(CacheStoreError) in try await load().entries }
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

    /// Sends the pending writes, oldest first, until the task is cancelled: the loop an app
    /// runs for as long as it lives. Returns at once if another `deliver` is running.
    ///
    /// - Parameters:
    ///   - isRetryable: whether a failure may pass (no connection, a timeout, a 5xx): the write
    ///     is then tried again after a back-off; otherwise it is rejected.
    ///   - send: sends one write to the server.
    public func deliver(
        isRetryable: @escaping @Sendable (any Error) -> Bool,
        send: @escaping @Sendable (Write) async throws -> Void
    ) async {
        guard !isDelivering else {
            logger.warning("deliver called while another deliver runs; ignored", metadata: ["key": "\(key)"])
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        var failures = 0
        while !Task.isCancelled {
            let head: Entry?
            do {
                head = try await changing { () async throws(CacheStoreError) in try await load().entries.first }
            } catch {
                // The store cannot be read now: nothing is lost; try again after a back-off.
                failures += 1
                await waitBeforeTrying(afterFailure: failures)
                continue
            }
            guard let head else {
                await doorbell.wait()
                continue
            }
            // Rings so far announced writes now in the queue; only a later one (a nudge while
            // this write is out) cuts the back-off after a failure short.
            doorbell.clear()
            do {
                try await send(head.write)
                failures = 0
                await remove(head)
                outcomeContinuation.yield(.delivered(head))
            } catch {
                if Task.isCancelled { return }
                if isRetryable(error) {
                    failures += 1
                    await waitBeforeTrying(afterFailure: failures)
                } else {
                    failures = 0
                    await remove(head)
                    outcomeContinuation.yield(.rejected(head, error))
                }
            }
        }
    }

    // MARK: - Storage

    /// Runs `change` when no other change to the queue is under way, first come first served.
    private func changing<T>(_ change: () async throws(CacheStoreError) -> T) async throws(CacheStoreError) -> T {
        if isChanging {
            await withCheckedContinuation { waitingToChange.append($0) }
        } else {
            isChanging = true
        }
        defer {
            // Hands the turn to the next in line, or frees it.
            if waitingToChange.isEmpty { isChanging = false } else { waitingToChange.removeFirst().resume() }
        }
        return try await change()
    }

    /// The queue, read from the store the first time. A store that cannot be read throws and
    /// leaves nothing cached, so no later save replaces the real queue with an empty one. A saved
    /// queue that no longer decodes is kept aside under `<key>.unreadable` first, then replaced by
    /// an empty one: never a crash, never silently.
    private func load() async throws(CacheStoreError) -> Saved {
        if let saved { return saved }
        var loaded = Saved(nextID: 1, entries: [])
        do {
            loaded = try await local.saved(Saved.self, for: key).value
        } catch {
            switch error {
            case .notSaved:
                break
            case .store(_, .corrupted(let reason)):
                // The store has already dropped it; nothing is left to keep aside.
                logger.error("saved outbox corrupted; its writes are lost", metadata: ["key": "\(key)", "reason": "\(reason)"])
            case .store(_, let storeError):
                throw storeError
            case .schemaChanged, .undecodable:
                logger.error("saved outbox not readable; kept aside", metadata: ["key": "\(key)", "miss": "\(error)"])
                if let entry = try await store.entry(for: key) {
                    try await store.save(entry, for: key + ".unreadable")
                }
            }
        }
        saved = loaded
        return loaded
    }

    /// Saves `next` as the queue, then makes it the one in memory and tells the watchers.
    private func persist(_ next: Saved) async throws(CacheStoreError) {
        try await local.save(next, for: key)
        adopt(next)
    }

    /// Makes `next` the queue in memory and tells the watchers.
    private func adopt(_ next: Saved) {
        saved = next
        for watcher in watchers.values { watcher.yield(next.entries) }
    }

    private func remove(_ entry: Entry) async {
        do {
            try await changing { () async throws(CacheStoreError) in
                var next = try await load()
                next.entries.removeAll { $0.id == entry.id }
                do {
                    try await persist(next)
                } catch {
                    // Gone from memory, so it is not sent twice now; the store still has it, so
                    // a restart sends it again (writes should be idempotent).
                    logger.warning("could not save the outbox after a write left it", metadata: ["key": "\(key)", "error": "\(error)"])
                    adopt(next)
                }
            }
        } catch {
            logger.warning("could not read the outbox to remove a delivered write", metadata: ["key": "\(key)", "error": "\(error)"])
        }
    }

    private func stopWatching(_ id: Int) {
        watchers[id] = nil
    }

    /// Waits the back-off after the `failures`-th failure in a row, or until ``nudge()``.
    private func waitBeforeTrying(afterFailure failures: Int) async {
        let delay = backOff.delay(beforeAttempt: min(failures, 1_000) + 1)
        let clock = clock
        let doorbell = doorbell
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: delay) }
            group.addTask { await doorbell.wait() }
            await group.next()
            group.cancelAll()
        }
    }
}
