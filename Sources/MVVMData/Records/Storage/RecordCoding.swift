import Foundation

/// How a ``RecordStore`` turns its records into ``SavedRecord``s and back: ids and values as
/// JSON. Runs off the main actor (a nonisolated async function): a restore of 100,000 records
/// does not hold the screen.
struct RecordCoding<Record: Identifiable & Codable & Sendable>: Sendable where Record.ID: Codable & Sendable {
    /// One record's server value (`nil`: deleted) and when it was learnt.
    typealias Entry = (id: Record.ID, record: Record?, learnt: Date)

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
            guard let record = entry.record else { return SavedRecord(id: id, value: nil, learnt: entry.learnt) }
            return (try? encoder.encode(record)).map { SavedRecord(id: id, value: $0, learnt: entry.learnt) }
        }
    }

    /// The entries `saved` holds; one that no longer decodes (an older app's schema, damage) is
    /// left out: the server's value comes back with the next read.
    func decode(_ saved: [SavedRecord]) async -> [Entry] {
        let decoder = JSONDecoder()
        return saved.compactMap { saved in
            guard let id = try? decoder.decode(Record.ID.self, from: saved.id) else { return nil }
            guard let value = saved.value else { return (id, nil, saved.learnt) }
            guard let record = try? decoder.decode(Record.self, from: value), record.id == id else { return nil }
            return (id, record, saved.learnt)
        }
    }
}
