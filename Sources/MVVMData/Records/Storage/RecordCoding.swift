import Foundation

/// How a ``RecordStore`` turns its records into ``SavedRecord``s and back: ids and values as
/// JSON, values stamped with the store's `schemaVersion` and read through its
/// ``RecordMigration``s. Runs off the main actor (a nonisolated async function): a restore of
/// 100,000 records does not hold the screen.
struct RecordCoding<Record: Identifiable & Codable & Sendable>: Sendable where Record.ID: Codable & Sendable {
    /// One record's server value (`nil`: deleted) and when it was learnt.
    typealias Entry = (id: Record.ID, record: Record?, learnt: Date)

    /// What a read of saved records gave.
    struct Decoded: Sendable {
        /// The records read.
        var entries: [Entry] = []
        /// Those among them saved in an older version's shape: to save again in this one's.
        var migrated: Set<Record.ID> = []
        /// Why each record that could not be read could not (left as it is on the device).
        var unreadable: [String] = []
    }

    /// The version of the records' shape this app saves (``SavedRecord/version``).
    var schemaVersion = 1
    /// The steps from older versions, by the version each reads.
    var steps: [Int: RecordMigration] = [:]
    /// What makes each value's ``SavedRecord/index``; `nil`: none is made.
    var search: RecordSearch<Record>?

    /// The id's bytes, as ``SavedRecord/id`` holds them.
    static func encode(_ id: Record.ID) -> Data? {
        try? JSONEncoder().encode(id)
    }

    /// `entries` as saved records; a record that does not encode is left out (it is read again
    /// from the server).
    func encode(_ entries: [Entry]) async -> [SavedRecord] {
        let encoder = JSONEncoder()
        return entries.compactMap { entry in
            guard let id = try? encoder.encode(entry.id) else { return nil }
            guard let record = entry.record else { return SavedRecord(id: id, value: nil, learnt: entry.learnt, version: schemaVersion) }
            return (try? encoder.encode(record)).map {
                SavedRecord(id: id, value: $0, learnt: entry.learnt, version: schemaVersion, index: search?.index(of: record))
            }
        }
    }

    /// The entries `saved` holds, those of older versions migrated. One that cannot be read (a
    /// version no step brings here, damage) is left out and said why; figures (ids starting with
    /// a NUL byte, never JSON) are skipped.
    func decode(_ saved: [SavedRecord]) async -> Decoded {
        let decoder = JSONDecoder()
        var decoded = Decoded()
        for saved in saved where saved.id.first != 0 {
            guard let (id, record) = read(saved, with: decoder, unreadable: &decoded.unreadable) else { continue }
            decoded.entries.append((id, record, saved.learnt))
            if record != nil, saved.version != schemaVersion { decoded.migrated.insert(id) }
        }
        return decoded
    }

    /// A saved record's id and value (`nil`: deleted), migrated to this version's shape; `nil`
    /// when it cannot be read, with why added to `unreadable`.
    private func read(_ saved: SavedRecord, with decoder: JSONDecoder, unreadable: inout [String]) -> (Record.ID, Record?)? {
        guard let id = try? decoder.decode(Record.ID.self, from: saved.id) else {
            unreadable.append("an id that does not decode as \(Record.ID.self)")
            return nil
        }
        guard let value = saved.value else { return (id, nil) }
        do {
            let current = try RecordMigration.migrate(value, from: saved.version, to: schemaVersion, steps: steps)
            let record = try decoder.decode(Record.self, from: current)
            guard record.id == id else {
                unreadable.append("a value whose id is not the one it was saved under")
                return nil
            }
            return (id, record)
        } catch let failure as RecordMigrationFailure {
            unreadable.append(failure.description)
        } catch {
            unreadable.append("version \(saved.version): \(DecodingFailure(error))")
        }
        return nil
    }

    /// `saved` with their ``SavedRecord/index`` made by ``search``, as learnt: a value in this
    /// version's shape is kept as it was saved (not encoded again); one of an older version is
    /// migrated and saved in this one's. Those that cannot be read are left out, and said why.
    func indexed(_ saved: [SavedRecord]) async -> (records: [SavedRecord], unreadable: [String]) {
        guard let search else { return ([], []) }
        let decoder = JSONDecoder(), encoder = JSONEncoder()
        var records: [SavedRecord] = []
        var unreadable: [String] = []
        records.reserveCapacity(saved.count)
        for var record in saved where record.value != nil && record.id.first != 0 {
            guard let (_, read) = read(record, with: decoder, unreadable: &unreadable), let value = read else { continue }
            if record.version != schemaVersion {
                guard let encoded = try? encoder.encode(value) else { continue }
                record.value = encoded
                record.version = schemaVersion
            }
            record.index = search.index(of: value)
            records.append(record)
        }
        return (records, unreadable)
    }
}
