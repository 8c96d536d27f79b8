import Foundation

/// How an ``Outbox`` reads a stored record as a write: JSON of its own schema version, or
/// through `migrate` for another; anything else is an ``UnreadableWrite``, never a crash.
struct OutboxDecoding<Write: Decodable>: Sendable {
    /// The schema version the outbox writes.
    let schemaVersion: Int
    /// Reads a record saved under another schema version, if the app gave a migration.
    let migrate: (@Sendable (OutboxRecord) throws -> Write)?

    /// The write in `record`.
    func write(in record: OutboxRecord) throws(UnreadableWrite) -> Write {
        do {
            if record.schemaVersion == schemaVersion {
                return try JSONDecoder().decode(Write.self, from: record.payload)
            }
            if let migrate { return try migrate(record) }
        } catch {
            throw UnreadableWrite(record: record, reason: DecodingFailure(error).description)
        }
        throw UnreadableWrite(
            record: record,
            reason: "saved with schema version \(record.schemaVersion); this version reads \(schemaVersion) and has no migration"
        )
    }
}
