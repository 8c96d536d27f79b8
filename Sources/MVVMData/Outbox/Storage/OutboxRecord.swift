public import Foundation

/// One write as an ``OutboxStorage`` keeps it: its id, when it was queued, and its encoded bytes
/// with the schema version of the code that encoded them.
public struct OutboxRecord: Hashable, Sendable {
    /// Unique for ever: the write's idempotency key, sent with every try of it.
    public var id: UUID
    /// When the write was queued.
    public var enqueuedAt: Date
    /// The `schemaVersion` of the code that queued it (``Outbox/init(storage:clock:backOff:schemaVersion:migrate:logger:)``).
    public var schemaVersion: Int
    /// The write, encoded as JSON.
    public var payload: Data

    /// Creates a record.
    public init(id: UUID, enqueuedAt: Date, schemaVersion: Int, payload: Data) {
        self.id = id
        self.enqueuedAt = enqueuedAt
        self.schemaVersion = schemaVersion
        self.payload = payload
    }
}
