public import Foundation

/// A ``RecordStorage`` in memory, gone when released: for tests and previews. Share one
/// instance between two stores to play two processes on one folder.
public actor InMemoryRecordStorage: RecordStorage {
    private var saved: [Data: SavedRecord] = [:]
    /// How many records were written, over every save: what a save costs.
    public private(set) var recordsWritten = 0

    /// An empty storage.
    public init() {}

    /// Every record saved.
    public func records() -> [SavedRecord] {
        Array(saved.values)
    }

    /// The saved records among `ids`.
    public func records(_ ids: [Data]) -> [SavedRecord] {
        ids.compactMap { saved[$0] }
    }

    /// Saves each record unless the one saved was learnt later.
    public func save(_ records: [SavedRecord]) {
        for record in records where record.replaces(saved[record.id]) {
            saved[record.id] = record
            recordsWritten += 1
        }
    }

    /// Forgets the records saved under the ids of `records`, unless learnt after the date given.
    public func remove(_ records: [Data: Date]) {
        for (id, learnt) in records where (saved[id]?.learnt ?? .distantPast) <= learnt { saved[id] = nil }
    }
}
