package import Foundation

/// Saved records by id, and every answer a storage gives of them by scanning them all: the
/// reference that ``InMemoryRecordStorage`` gives, and that a test's own storage (behind a lock,
/// or holding its reads) wraps rather than repeats.
package struct SavedRecords: Sendable {
    /// The records, by id.
    package private(set) var byID: [Data: SavedRecord] = [:]

    /// None.
    package init() {}

    /// Every record.
    package var all: [SavedRecord] { Array(byID.values) }

    /// The records among `ids`.
    package func records(_ ids: [Data]) -> [SavedRecord] {
        ids.compactMap { byID[$0] }
    }

    /// Saves each record unless the one saved was learnt later; returns how many were written.
    @discardableResult
    package mutating func save(_ records: [SavedRecord]) -> Int {
        var written = 0
        for record in records where record.replaces(byID[record.id]) {
            byID[record.id] = record
            written += 1
        }
        return written
    }

    /// Forgets the records saved under the ids of `records`, unless learnt after the date given.
    package mutating func remove(_ records: [Data: Date]) {
        for (id, learnt) in records where (byID[id]?.learnt ?? .distantPast) <= learnt { byID[id] = nil }
    }

    /// The records `query` shows.
    package func records(matching query: SavedRecordQuery) -> [SavedRecord] {
        query.answer(from: byID.values)
    }

    /// Forgets records learnt before `cutoff`, then the least recently learnt until `maxCount`
    /// are left, once more than `limit` are; none of `kept`. Returns the ids forgotten.
    package mutating func trim(learntBefore cutoff: Date?, maxCount: Int?, limit: Int, kept: Set<Data>) -> [Data] {
        var forgotten: [Data] = []
        if let cutoff {
            for record in byID.values where record.learnt < cutoff && !kept.contains(record.id) { forgotten.append(record.id) }
            for id in forgotten { byID[id] = nil }
        }
        if let maxCount, byID.count > limit {
            let oldest = byID.values.filter { !kept.contains($0.id) }.sorted { $0.learnt < $1.learnt }.prefix(byID.count - maxCount)
            for record in oldest {
                byID[record.id] = nil
                forgotten.append(record.id)
            }
        }
        return forgotten
    }

    /// How many records with a value are not indexed by `layout`.
    package func countRecordsToIndex(layout: String) -> Int {
        byID.values.count { $0.needsIndex(layout) }
    }

    /// The records with a value not indexed by `layout`, by id, after `after`, at most `limit`.
    package func recordsToIndex(layout: String, after: Data?, limit: Int) -> [SavedRecord] {
        let unindexed = byID.values.filter { record in
            record.needsIndex(layout) && after.map { $0.lexicographicallyPrecedes(record.id) } ?? true
        }
        return unindexed.sorted { $0.id.lexicographicallyPrecedes($1.id) }.prefix(max(0, limit)).map { $0 }
    }
}

extension SavedRecord {
    /// Whether the record has a value with no index by `layout` (none, or another's).
    fileprivate func needsIndex(_ layout: String) -> Bool {
        value != nil && index?.layout != layout
    }
}
