public import Foundation

/// Where a ``RecordStore`` keeps the server's values of the records it has seen, record by
/// record: saving one write writes that record, whatever the number of records held.
///
/// Three come with swift-mvvm: ``FileRecordStorage`` (an append-only journal in a folder, no
/// dependency), ``InMemoryRecordStorage`` (tests and previews) and `SQLiteRecordStorage` (the
/// opt-in `MVVMGRDB` product). All three pass the same contract tests (`RecordStorageContract`,
/// public in MVVMDataTesting, so a storage of your own can run them too):
/// - ``save(_:)`` returns once the records are durable: a process killed after it returns reads
///   them back when it starts again.
/// - Of each record, the value learnt later is kept: a save never replaces a value learnt after
///   the one it brings, whichever process saved it (two apps on one folder never put back an
///   older value of a record the other confirmed since).
/// - ``records()`` returns one ``SavedRecord`` per id; ``records(_:)`` those of the ids asked.
/// - Bytes that do not read back are never returned torn; what can still be read is kept.
/// - ``remove(_:)`` forgets records, unless one saved was learnt after the time given: they read
///   as never saved (a store's retention rule, not the server's deletion, which is a record
///   without a value).
public protocol RecordStorage: Sendable {
    /// Every record saved, one per id, in no order.
    func records() async throws(CacheStoreError) -> [SavedRecord]
    /// The saved records among `ids` (each ``SavedRecord/id``), in no order.
    func records(_ ids: [Data]) async throws(CacheStoreError) -> [SavedRecord]
    /// Saves each of `records` unless the one saved under its id was learnt later; durable when
    /// it returns.
    func save(_ records: [SavedRecord]) async throws(CacheStoreError)
    /// Forgets each record saved under an id of `records` (each ``SavedRecord/id``) unless the one
    /// saved was learnt after the date given with it; durable when it returns.
    func remove(_ records: [Data: Date]) async throws(CacheStoreError)
}

