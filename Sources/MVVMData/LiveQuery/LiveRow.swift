/// One row of a ``LiveQuery``: the record as every screen shows it (the server's value with the
/// pending writes applied), and what the row shows of those writes.
public struct LiveRow<Record: Identifiable>: Identifiable {
    /// The record as shown.
    public var record: Record
    /// The write the server has not answered yet, if any: the row's "…".
    public var pending: PendingWrite?

    /// The record's id.
    public var id: Record.ID { record.id }

    /// A row showing `record`, with `pending` if a write to it waits.
    public init(_ record: Record, pending: PendingWrite? = nil) {
        self.record = record
        self.pending = pending
    }
}

extension LiveRow: Equatable where Record: Equatable {}
extension LiveRow: Hashable where Record: Hashable {}
extension LiveRow: Sendable where Record: Sendable {}
