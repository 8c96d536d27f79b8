public import Foundation

/// A queued write this version of the app cannot read: saved by another schema version with no
/// migration, or bytes that no longer decode. The outbox reports it once in
/// ``Outbox/outcomes`` as ``Outbox/Outcome/unreadable(_:)`` and takes it out of the queue: show
/// it to the user as a change that was not sent.
public struct UnreadableWrite: Error, Hashable, Sendable {
    /// The write's id.
    public var id: UUID
    /// When it was queued.
    public var enqueuedAt: Date
    /// The schema version it was saved with.
    public var schemaVersion: Int
    /// Why it could not be read.
    public var reason: String

    /// Creates the report of an unreadable write.
    public init(id: UUID, enqueuedAt: Date, schemaVersion: Int, reason: String) {
        self.id = id
        self.enqueuedAt = enqueuedAt
        self.schemaVersion = schemaVersion
        self.reason = reason
    }
}
