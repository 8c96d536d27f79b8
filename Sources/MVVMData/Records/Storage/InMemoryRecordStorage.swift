public import Foundation

/// A ``RecordStorage`` in memory, gone when released: for tests and previews. It answers
/// queries (``QueryableRecordStorage``) by scanning every record: the reference answer. Share one
/// instance between two stores to play two processes on one folder.
public actor InMemoryRecordStorage: QueryableRecordStorage {
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

    /// The saved records `query` shows: its reference answer over every record saved.
    public func records(matching query: SavedRecordQuery) -> [SavedRecord] {
        query.answer(from: saved.values)
    }

    /// Forgets records learnt before `cutoff`, then the least recently learnt until `maxCount`
    /// are left, once more than `limit` are; none of `kept`.
    public func trim(learntBefore cutoff: Date?, maxCount: Int?, limit: Int, kept: Set<Data>) -> [Data] {
        var forgotten: [Data] = []
        if let cutoff {
            for record in saved.values where record.learnt < cutoff && !kept.contains(record.id) { forgotten.append(record.id) }
            for id in forgotten { saved[id] = nil }
        }
        if let maxCount, saved.count > limit {
            let oldest = saved.values.filter { !kept.contains($0.id) }.sorted { $0.learnt < $1.learnt }.prefix(saved.count - maxCount)
            for record in oldest {
                saved[record.id] = nil
                forgotten.append(record.id)
            }
        }
        return forgotten
    }

    /// How many saved records with a value are not indexed by `layout`.
    public func countRecordsToIndex(layout: String) -> Int {
        saved.values.count { $0.value != nil && $0.index?.layout != layout }
    }

    /// Saved records with a value not indexed by `layout`, by id, after `after`.
    public func recordsToIndex(layout: String, after: Data?, limit: Int) -> [SavedRecord] {
        let unindexed = saved.values.filter { record in
            record.value != nil && record.index?.layout != layout && after.map { $0.lexicographicallyPrecedes(record.id) } ?? true
        }
        return unindexed.sorted { $0.id.lexicographicallyPrecedes($1.id) }.prefix(max(0, limit)).map { $0 }
    }
}
