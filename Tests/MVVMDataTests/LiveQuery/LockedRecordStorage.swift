import Foundation
import MVVMData
import Synchronization

/// ``InMemoryRecordStorage``'s answers from a class behind a lock, not an actor: its calls never
/// leave the caller's executor, so a test clock's settle sees every read end (an actor's hop
/// can outlast the settle's quiet turns on a loaded machine).
final class LockedRecordStorage: QueryableRecordStorage {
    private let saved = Mutex<[Data: SavedRecord]>([:])

    func records() async -> [SavedRecord] { saved.withLock { Array($0.values) } }
    func records(_ ids: [Data]) async -> [SavedRecord] { saved.withLock { saved in ids.compactMap { saved[$0] } } }
    func save(_ records: [SavedRecord]) async {
        saved.withLock { saved in
            for record in records where record.replaces(saved[record.id]) { saved[record.id] = record }
        }
    }
    func remove(_ records: [Data: Date]) async {
        saved.withLock { saved in
            for (id, learnt) in records where (saved[id]?.learnt ?? .distantPast) <= learnt { saved[id] = nil }
        }
    }
    func records(matching query: SavedRecordQuery) async -> [SavedRecord] { saved.withLock { query.answer(from: $0.values) } }
    func recordsToIndex(layout: String, after: Data?, limit: Int) async -> [SavedRecord] {
        saved.withLock { saved in
            saved.values.filter { record in
                record.value != nil && record.index?.layout != layout && (after.map { $0.lexicographicallyPrecedes(record.id) } ?? true)
            }
                .sorted { $0.id.lexicographicallyPrecedes($1.id) }.prefix(limit).map { $0 }
        }
    }
    func countRecordsToIndex(layout: String) async -> Int {
        saved.withLock { $0.values.count { $0.value != nil && $0.index?.layout != layout } }
    }
    func trim(learntBefore cutoff: Date?, maxCount: Int?, limit: Int, kept: Set<Data>) async -> [Data] { [] }
}
