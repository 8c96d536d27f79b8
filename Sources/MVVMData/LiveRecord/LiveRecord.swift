public import MVVMCore

/// One record a screen shows (a detail), kept true by a ``LiveRecordQuery``: the record as every
/// screen shows it, how its load from the server stands, its pending write, and whether the server
/// has it. A screen keeps it in its `State`
/// (`StateStore.liveRecord(_:records:id:presenter:fetch:)`).
public struct LiveRecord<Record: Identifiable> {
    /// The record's id: known before the record is (the screen was opened with it).
    public let id: Record.ID
    /// The record as every screen shows it (the server's value with the pending writes applied),
    /// and how its load stands: a record the device knows shows at once, loaded.
    public var record: Loadable<Record> = .idle
    /// The write the server has not answered yet, if any (made on this screen or another, now or
    /// before a restart): the record shows as written, marked pending.
    public var pending: PendingWrite?
    /// The server has no such record (deleted here or elsewhere, and the server agrees).
    public var isGone = false
    /// Where the shown record came from: the server, in this run, or the device's saved copy
    /// (`.saved(at:)`, with when it was learnt) until the server confirms it; `nil`
    /// while nothing is shown.
    public var origin: DataOrigin?

    /// Nothing known yet about record `id`.
    public init(id: Record.ID) {
        self.id = id
    }

    /// The record shown, if any.
    public var value: Record? { record.value }

    /// What the screen says while it shows the device's saved copy: when it was learnt, whether
    /// the server is being asked, and why it did not answer. `nil` while the record shown is the
    /// server's (or nothing is).
    public var savedDataNotice: SavedDataNotice? {
        guard value != nil, let savedAt = origin?.savedAt else { return nil }
        return SavedDataNotice(savedAt: savedAt, isUpdating: record.isLoading, failure: record.error)
    }
}

extension LiveRecord: Equatable where Record: Equatable, Record.ID: Equatable {}
extension LiveRecord: Sendable where Record: Sendable, Record.ID: Sendable {}
