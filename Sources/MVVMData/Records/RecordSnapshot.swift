/// What a ``RecordStore`` keeps on the device: the server's values of the records it has seen,
/// and the ids the server has none for (deleted). Pending writes are kept by the outbox.
struct RecordSnapshot<Record: Identifiable & Codable>: Codable where Record.ID: Codable {
    /// The server's values, in no order.
    var records: [Record]
    /// Records the server no longer has.
    var deleted: [Record.ID]
}
