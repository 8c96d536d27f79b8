/// A queued write this version of the app cannot read: saved by another schema version with no
/// migration, or bytes that no longer decode. The outbox reports it once in
/// ``Outbox/outcomes`` as ``Outbox/Outcome/unreadable(_:)`` and takes it out of the queue: show
/// it to the user as a change that was not sent.
public struct UnreadableWrite: Error, Hashable, Sendable {
    /// The write as it was stored: its id, when it was queued, its schema version and its bytes.
    public var record: OutboxRecord
    /// Why it could not be read.
    public var reason: String

    /// Creates the report of an unreadable write.
    package init(record: OutboxRecord, reason: String) {
        self.record = record
        self.reason = reason
    }
}
