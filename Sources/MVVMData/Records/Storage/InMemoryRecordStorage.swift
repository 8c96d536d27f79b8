public import Foundation

/// A ``RecordStorage`` in memory, gone when released: for tests and previews. It answers
/// queries (``QueryableRecordStorage``) by scanning every record: the reference answer. Share one
/// instance between two stores to play two processes on one folder.
public actor InMemoryRecordStorage: QueryableRecordStorage {
    private var saved = SavedRecords()
    /// How many records were written, over every save: what a save costs.
    public private(set) var recordsWritten = 0

    /// An empty storage.
    public init() {}

    /// Every record saved.
    public func records() -> [SavedRecord] {
        saved.all
    }

    /// The saved records among `ids`.
    public func records(_ ids: [Data]) -> [SavedRecord] {
        saved.records(ids)
    }

    /// Saves each record unless the one saved was learnt later.
    public func save(_ records: [SavedRecord]) {
        recordsWritten += saved.save(records)
    }

    /// Forgets the records saved under the ids of `records`, unless learnt after the date given.
    public func remove(_ records: [Data: Date]) {
        saved.remove(records)
    }

    /// The saved records `query` shows: its reference answer over every record saved.
    public func records(matching query: SavedRecordQuery) -> [SavedRecord] {
        saved.records(matching: query)
    }

    /// Forgets records learnt before `cutoff`, then the least recently learnt until `maxCount`
    /// are left, once more than `limit` are; none of `kept`.
    public func trim(learntBefore cutoff: Date?, maxCount: Int?, limit: Int, kept: Set<Data>) -> [Data] {
        saved.trim(learntBefore: cutoff, maxCount: maxCount, limit: limit, kept: kept)
    }

    /// How many saved records with a value are not indexed by `layout`.
    public func countRecordsToIndex(layout: String) -> Int {
        saved.countRecordsToIndex(layout: layout)
    }

    /// Saved records with a value not indexed by `layout`, by id, after `after`.
    public func recordsToIndex(layout: String, after: Data?, limit: Int) -> [SavedRecord] {
        saved.recordsToIndex(layout: layout, after: after, limit: limit)
    }
}
