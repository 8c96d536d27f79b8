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

    /// Nothing known yet about record `id`.
    public init(id: Record.ID) {
        self.id = id
    }

    /// The record shown, if any.
    public var value: Record? { record.value }
}

extension LiveRecord: Equatable where Record: Equatable, Record.ID: Equatable {}
extension LiveRecord: Sendable where Record: Sendable, Record.ID: Sendable {}
