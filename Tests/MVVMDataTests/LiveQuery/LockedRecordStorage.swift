import Foundation
import MVVMData
import Synchronization

/// ``InMemoryRecordStorage``'s answers from a class behind a lock, not an actor: its calls never
/// leave the caller's executor, so a test clock's settle sees every read end (an actor's hop
/// can outlast the settle's quiet turns on a loaded machine).
final class LockedRecordStorage: QueryableRecordStorage {
    private let saved = Mutex(SavedRecords())

    func records() async -> [SavedRecord] { saved.withLock { $0.all } }
    func records(_ ids: [Data]) async -> [SavedRecord] { saved.withLock { $0.records(ids) } }
    func save(_ records: [SavedRecord]) async { saved.withLock { _ = $0.save(records) } }
    func remove(_ records: [Data: Date]) async { saved.withLock { $0.remove(records) } }
    func records(matching query: SavedRecordQuery) async -> [SavedRecord] { saved.withLock { $0.records(matching: query) } }
    func recordsToIndex(layout: String, after: Data?, limit: Int) async -> [SavedRecord] {
        saved.withLock { $0.recordsToIndex(layout: layout, after: after, limit: limit) }
    }
    func countRecordsToIndex(layout: String) async -> Int { saved.withLock { $0.countRecordsToIndex(layout: layout) } }
    func trim(learntBefore cutoff: Date?, maxCount: Int?, limit: Int, kept: Set<Data>) async -> [Data] {
        saved.withLock { $0.trim(learntBefore: cutoff, maxCount: maxCount, limit: limit, kept: kept) }
    }
}
