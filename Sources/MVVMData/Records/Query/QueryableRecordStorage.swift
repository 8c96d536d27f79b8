public import Foundation

/// A ``RecordStorage`` that answers a live query's questions where the records are, so that a
/// ``RecordStore`` never reads every record it has saved: the device's answer to a query, one
/// page at a time, and the records still to index.
///
/// Records come with their ``SavedRecord/index`` (made by the store's ``RecordSearch``) in
/// ``RecordStorage/save(_:)``; a storage keeps it beside the value. ``InMemoryRecordStorage`` and
/// `SQLiteRecordStorage` (the `MVVMGRDB` product: indexes and FTS5) answer alike: MVVMDataTesting's
/// `RecordStorageContract` compares every answer of a storage with the reference's, the records
/// scanned; run it on a storage of your own.
public protocol QueryableRecordStorage: RecordStorage {
    /// The saved records `query` shows, in its order, at most its limit: what `SavedRecordQuery.answer(from:)` answers
    /// over every record saved.
    func records(matching query: SavedRecordQuery) async throws(CacheStoreError) -> [SavedRecord]
    /// Saved records with a value whose index is missing or of another layout than `layout`, in
    /// the order of their ids' bytes, after `after`, at most `limit`: what the store indexes
    /// (saved by an earlier version of the app, or before a field was added).
    func recordsToIndex(layout: String, after: Data?, limit: Int) async throws(CacheStoreError) -> [SavedRecord]
    /// How many saved records with a value have no index of `layout`: what the store says it
    /// has left to index.
    func countRecordsToIndex(layout: String) async throws(CacheStoreError) -> Int
    /// Forgets saved records, none whose id is in `kept`: those learnt before `cutoff`, then, when
    /// more than `limit` are left, the least recently learnt until `maxCount` are (a store's
    /// ``RecordRetention``, applied where the records are). - Returns: the ids forgotten.
    func trim(learntBefore cutoff: Date?, maxCount: Int?, limit: Int, kept: Set<Data>) async throws(CacheStoreError) -> [Data]
}
