/// Something the user should hear about a write a ``RecordStore`` showed them: given to one
/// screen, once, through ``RecordStore/onWriteFailure(_:)``.
public enum RecordWriteFailure<Write: RecordWrite>: Sendable {
    /// The server refused the write (its error): the record shows the server's value again.
    case rejected(Write, any Error)
    /// The device could not keep the write (a read-only folder, a full disk): it was not sent,
    /// and the record shows its value before the write again.
    case notSaved(Write, CacheStoreError)
    /// A write saved by another version of the app could not be read: it was not sent.
    case unreadable(UnreadableWrite)
    /// Something is wrong with the stored queue of writes (``OutboxProblem``).
    case storage(OutboxProblem)
}

/// The server answered a write with another record than the one it changes: no answer. The
/// write is rejected (``RecordWriteFailure/rejected(_:_:)``) and rolled back.
public struct MismatchedAnswer: Error, Hashable, Sendable {
    /// The record the write changes, described.
    public let expected: String
    /// The record the server answered with, described.
    public let received: String
}
