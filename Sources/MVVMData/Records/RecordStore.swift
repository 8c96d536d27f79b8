import Foundation
public import Logging
public import MVVMCore

/// One source of truth for one kind of record (users, posts…): every screen that shows a record
/// reads it here, so two screens can never disagree, and no screen tells another what changed.
///
/// - **Pages merge in.** A list asks the server for a page and hands it to
///   ``merge(_:gone:readAt:)``; a detail does the same with one record. The list keeps the ids
///   of its pages, and shows each row as ``shown(_:)`` says.
/// - **Writes show once they are on disk.** ``write(_:whenCommitted:)`` marks the record pending at once
///   (``isPending(_:)``), saves the change in the ``outbox`` (``waitUntilSaved()``), and only
///   then applies it on every screen: a change the user sees is never lost to a `kill -9`, and
///   is always on disk before anything is sent. The store, not the screen, owns the write:
///   leaving the screen never cancels it.
/// - **The server decides.** ``deliver(isRetryable:send:)``, which the app runs for as long as it
///   lives, sends the writes in order. The server's answer commits a write (saved on the device
///   before the outbox lets the write go); a refusal rolls it back, and one screen says why
///   (``onWriteFailure(_:)``).
/// - **A restart shows the same.** The server's values are saved in a ``RecordStorage``, record
///   by record (saving a write writes that record alone), pending writes stay in the outbox, and
///   ``restore()`` brings both back. The store consumes
///   its outbox's ``Outbox/outcomes``: nothing else may iterate them.
/// - **Older reads never undo newer writes.** A page asked for (``beginRead()``) before a write
///   was answered keeps none of its copies of that record.
///
/// The shape is Android's Room as the single source of truth behind Paging 3's
/// `RemoteMediator`, or Apollo's normalized cache, without their ceremony: a dictionary by id,
/// an overlay of pending writes, and an outbox.
///
/// ```swift
/// let users = RecordStore<UserWrite>(outbox: outbox, storage: FileRecordStorage(directory: caches, name: "users"))
/// // The app, for its whole life (owned work):
/// store.run("records") {
///     await users.deliver(isRetryable: { ($0 as? UserError)?.isRetryable ?? false }) { write, key in
///         try await repository.send(write, idempotencyKey: key)
///     }
/// }
/// // A screen:
/// let read = users.beginRead()
/// let page = try await repository.users(after: cursor)
/// users.merge(page.users, readAt: read)
/// users.write(.setActive(false, userID: 42))   // pending at once, shown once on disk, then committed
/// ```
@MainActor
public final class RecordStore<Write: RecordWrite> {
    /// The kind of record.
    public typealias Record = Write.Record
    /// A record's id.
    public typealias ID = Record.ID

    /// Where writes wait until the server answers them.
    public let outbox: Outbox<Write>
    /// Where the server's values are saved; `nil`: nowhere.
    let storage: (any RecordStorage)?
    /// The storage, when it answers queries and the search declares fields: the store then reads
    /// saved records as the screens need them (RecordStore+OnDemand.swift).
    let queryStorage: (any QueryableRecordStorage)?
    /// Indexes the saved records the storage has no index of, after ``restore()``.
    var indexing: Task<Void, Never>?
    /// While it runs: how far, from 0 to 1 (``LiveRows/indexingSavedRecords``).
    var indexingProgress: Double?
    /// How records are saved and read back: this version's shape, and the steps from older ones.
    let coding: RecordCoding<Record>
    let logger: Logger
    /// How many saved records the last ``restore()`` could not read, in any version's shape: saved
    /// by a newer version of the app, of a version no ``RecordMigration`` reads, or damaged. They
    /// are kept on the device as they are (the server's next value of one replaces it), and
    /// one log line says how many and why.
    public internal(set) var unreadableRecords = 0
    /// How many records are kept (``RecordRetention``).
    let retention: RecordRetention
    /// The screens' registrations of what they show, and what each shows: never forgotten.
    var shownRecords: [ShownRecords<ID>] = []
    /// Whether ``restore()`` has run to its end: the saved values read and the outbox's writes
    /// pending. The retention rule waits for it.
    var hasRestored = false
    /// The retention rule's next run, and the removals from the device it asked for.
    var retaining: Task<Void, Never>?
    /// Set by a change while the rule runs: it runs once more after.
    var retainAgain = false
    var removing: Task<Void, Never>?
    /// Records whose server value changed since the last save.
    var unsavedValues: Set<ID> = []

    /// The server's values, by id.
    var confirmed: [ID: Record] = [:]
    /// Records the server has none for.
    var deleted: Set<ID> = []
    /// When the store learnt each record's value or deletion: the ``RecordStorage`` keeps, of
    /// this process's value and another's, whichever was learnt later.
    var learnt: [ID: Date] = [:]
    /// Records whose value (or deletion) was read from the device's saved values and not learnt
    /// from the server since, by this process: shown as saved data (``origin(of:)``).
    var savedOnly: Set<ID> = []
    /// How many reads were begun and writes committed: the store's order of events.
    /// ``valueOrder`` says which event brought each record's value.
    var sequence = 0
    var valueOrder: [ID: Int] = [:]
    /// Writes on disk and not answered yet, per record, in the order they were made: what the
    /// screens show applied.
    var pending: [ID: [Outbox<Write>.Entry]] = [:]
    /// Writes made here and not on disk yet, per record: they mark the record pending, but are
    /// not shown until saved (a write shown and then lost to a kill is what this prevents).
    var unsaved: [ID: [Outbox<Write>.Entry]] = [:]
    var observers: [Listener<RecordChange<ID>>] = []
    var presenters: [Listener<RecordWriteFailure<Write>>] = []
    /// Failures that arrived while no screen presented them.
    var unpresented: [RecordWriteFailure<Write>] = []
    /// Reads the saved values and pending writes, once; every `restore()` waits for it.
    var restoring: Task<Void, Never>?
    /// Whether the saved values have been read: saving before would overwrite them.
    var hasReadSavedValues = false
    var saving: Task<Void, Never>?
    var needsSave = false
    /// The pause after a failed save, before it is tried again (``saveSoon()``).
    var saveRetry: Task<Void, Never>?
    /// Failed saves since the last one that succeeded.
    var failedSaves = 0
    /// Saves the writes in the outbox, one after the other.
    var enqueueing: Task<Void, Never>?
    /// Writes of this process's delivery that were answered (committed or rolled back).
    var answered: Set<UUID> = []
    /// Follows the outbox's outcomes for the store's life.
    var following: Task<Void, Never>?
    /// Writes whose last send failed and that will be sent again (no connection, a 5xx).
    var retrying: Set<UUID> = []
    /// How records are searched, and the index of every record seen; `nil` without ``RecordSearch``.
    let search: RecordSearch<Record>?
    var seen: SeenRecordsIndex<Record>?
    /// What to call once the server took a write, by the write's id (``write(_:whenCommitted:)``).
    var commitHandlers: [UUID: @MainActor (Record?) -> Void] = [:]
    /// While a change is told: the rows the live queries asked for (``shownRows(for:)``).
    var shownRows: [ID: ShownRow<Record>]?
    /// The executor a test ran when it made this store (`TestClock.perform(_:)`). `nil`
    /// outside tests.
    private let testExecutor = WorkContext.executor

    /// Where the store's own tasks (saves to the outbox and to disk, reads, deliveries) run: the
    /// caller's test executor, else the one the store was made on, so that a test knows when
    /// they have finished or wait whoever calls the store; `nil` (the global pool) outside tests.
    var workExecutor: (any TaskExecutor)? { WorkContext.executor ?? testExecutor }
    var isDelivering = false
    /// The time now (a write made, a record learnt, a read begun) and new write ids:
    /// `Dependencies`' when the store was made.
    let now: @Sendable () -> Date
    let newID: NewID

    /// A store whose writes wait in `outbox`, saving the server's values in `storage` when given
    /// (without it, a restart starts empty but for the pending writes).
    ///
    /// With `search`, the store keeps a search index of every record it has seen, which a
    /// ``LiveQuery`` answers from on the device when the server cannot answer.
    ///
    /// Records are saved in the shape of `schemaVersion`; raise it when `Record` changes in a
    /// way saved records no longer decode, and give the `migrations` from each older version
    /// (``RecordMigration``). Two steps from one version, or one from `schemaVersion` or beyond,
    /// stop the app with a message saying which: they are mistakes in code. A step missing is
    /// found when a record needs it: that record is kept unread and reported
    /// (``unreadableRecords``).
    /// `retention` says how many of the records seen are kept (``RecordRetention``; all by
    /// default). `logger` says how many saved records could not be read (never their values).
    ///
    /// The time and the ids of writes come from `Dependencies.current` as it is here.
    public init(
        outbox: Outbox<Write>,
        storage: (any RecordStorage)? = nil,
        search: RecordSearch<Record>? = nil,
        schemaVersion: Int = 1,
        migrations: [RecordMigration] = [],
        retention: RecordRetention = .forever,
        logger: Logger = Logger(label: "mvvm.records")
    ) {
        self.retention = retention
        let dependencies = Dependencies.current
        now = dependencies.now
        newID = dependencies.newID
        coding = RecordCoding(schemaVersion: schemaVersion, steps: RecordMigration.steps(migrations, schemaVersion: schemaVersion), search: search)
        self.logger = logger
        self.outbox = outbox
        self.storage = storage
        self.queryStorage = search?.fields.isEmpty == false ? storage as? any QueryableRecordStorage : nil
        self.search = search
        self.seen = search.map { SeenRecordsIndex(options: $0.options) }
    }

    isolated deinit {
        saving?.cancel()
        saveRetry?.cancel()
        following?.cancel()
        indexing?.cancel()
    }

    // MARK: - Reading

    /// The record as the screens show it: the server's value with the pending writes applied;
    /// `nil` when the store knows no such record, or it is deleted (or being deleted).
    public func value(for id: ID) -> Record? {
        applyingPending(to: confirmed[id], id: id)
    }

    /// A row of a page as the screens show it: the store's value when it knows the record (the
    /// page's copy may be older), else the row; `nil` when it is deleted or being deleted.
    public func shown(_ row: Record) -> Record? {
        let base = confirmed[row.id] ?? (deleted.contains(row.id) ? nil : row)
        return applyingPending(to: base, id: row.id)
    }

    /// The server's value, without pending writes; `nil` when unknown or deleted.
    public func confirmedValue(for id: ID) -> Record? {
        confirmed[id]
    }

    /// Whether the server has no such record (it said so, or answered its delete).
    func isDeleted(_ id: ID) -> Bool {
        deleted.contains(id)
    }

    /// Whether a write to the record waits to be saved or for the server's answer.
    public func isPending(_ id: ID) -> Bool {
        pending[id] != nil || unsaved[id] != nil
    }

    /// The records with a write waiting to be saved or for the server's answer.
    public var pendingIDs: Set<ID> { Set(pending.keys).union(unsaved.keys) }

    /// What a row of the record shows of its writes the server has not answered: `nil` when
    /// there is none. A delete is ``PendingWrite/deleting`` until the server answers it (once
    /// saved, the record is gone from the lists; a detail still names it); a write whose last send
    /// failed and that will be sent again is ``PendingWrite/retrying``.
    package func pendingWrite(for id: ID) -> PendingWrite? {
        if unsaved.isEmpty, pending.isEmpty { return nil }   // most of the time: no look-up
        let saving = unsaved[id] ?? []
        let waiting = pending[id] ?? []
        guard !saving.isEmpty || !waiting.isEmpty else { return nil }
        let shown = value(for: id)
        if !saving.isEmpty, saving.reduce(shown, { $1.write.applied(to: $0) }) == nil { return .deleting }
        if waiting.contains(where: { retrying.contains($0.id) }) { return .retrying }
        return shown == nil ? .deleting : .saving
    }

    /// Calls `body` with the records seen as the screens show them: each one whose server text
    /// matches `query` by the store's ``RecordSearch`` (every one when empty) and has no pending
    /// write, in the order first seen (`isPending` false); then every record with a pending write,
    /// as shown (`isPending` true: its text may differ, the caller checks it). Nothing without a
    /// ``RecordSearch``.
    func forEachSeen(matching query: String, _ body: (_ record: Record, _ isPending: Bool) -> Void) {
        guard let seen else { return }
        let pendingIDs = self.pendingIDs
        seen.forEach(matching: query) { record in
            if pendingIDs.isEmpty || !pendingIDs.contains(record.id) { body(record, false) }
        }
        for id in pendingIDs {
            if let record = value(for: id) { body(record, true) }
        }
    }

    /// When the store learnt the server's value of `id`.
    func learntDate(of id: ID) -> Date? { learnt[id] }

    /// Where the store's value of `id` came from: `.network` when the server gave it
    /// to this process (an answer, a page, a write's answer), `.saved(at:)` with the
    /// time it was learnt when it was read from the device's saved values and the server has not
    /// confirmed it since; `nil` when the store knows nothing of `id`.
    public func origin(of id: ID) -> DataOrigin? {
        if savedOnly.contains(id) { return .saved(at: learnt[id] ?? .distantPast) }
        return confirmed[id] != nil || deleted.contains(id) ? .network : nil
    }

    /// Marks the server's value of `id` to be saved with the next save (nothing without a storage).
    func willSave(_ id: ID) {
        if storage != nil { unsavedValues.insert(id) }
    }

    /// Keeps the search index in step with the server's value of `id`.
    func reindex(_ id: ID) {
        guard let search, seen != nil else { return }
        let record = confirmed[id]
        seen?.set(record, text: record.map(search.text), for: id)
    }

    private func applyingPending(to base: Record?, id: ID) -> Record? {
        guard !pending.isEmpty, let writes = pending[id] else { return base }
        return writes.reduce(base) { record, entry in entry.write.applied(to: record) }
    }
}
