/// What changed in a ``RecordStore``: the records whose shown value may differ, and why.
public struct RecordChange<ID: Hashable & Sendable>: Equatable, Sendable {
    /// Why records changed.
    public enum Reason: Hashable, Sendable {
        /// The server's values arrived (a page, a record, a record gone) or the saved ones
        /// were restored.
        case merged
        /// A write was made (the record is pending at once) or saved on the device (it shows, still
        /// pending); or writes saved before a restart are
        /// pending again.
        case written
        /// The server took a write: the record is what it answered, and no longer pending.
        case committed
        /// A write was undone: the server refused it, or it could not be kept on the device.
        case rolledBack
        /// Writes kept on the device were lost or cannot be read (a damaged queue, a write saved
        /// by another version): what the screens show may have been changed by writes that will
        /// never be sent. Read the server's values again. `ids` may be empty.
        case writesLost
    }

    /// The records that changed.
    public let ids: Set<ID>
    /// Why.
    public let reason: Reason
}
