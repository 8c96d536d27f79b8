// Without the package's `MVVMGRDB` trait this product has none of its code and resolves no GRDB
// (Package.swift). An app that asks for the product but not the trait is told how to turn it
// on, by name, where it makes a store, rather than "cannot find type in scope".
#if !MVVMGRDB
public import Foundation
public import MVVMData

/// Needs swift-mvvm's `MVVMGRDB` trait.
@available(*, unavailable, message: "SQLiteCacheStore needs swift-mvvm's MVVMGRDB trait: .package(url: …, from: …, traits: [\"MVVMGRDB\"])")
public final class SQLiteCacheStore: CacheStore {
    /// Needs swift-mvvm's `MVVMGRDB` trait.
    @available(*, unavailable, message: "SQLiteCacheStore needs swift-mvvm's MVVMGRDB trait: .package(url: …, from: …, traits: [\"MVVMGRDB\"])")
    public init(path: String, maxBytes: Int = 64 << 20) throws { fatalError("unavailable") }
    // The conformance, so that a store passed where a `CacheStore` goes is reported by the
    // message above, not as a missing conformance. Never runs: no store can be made.
    /// Never runs.
    public func entry(for key: String) async throws(CacheStoreError) -> CacheEntry? { fatalError("unavailable") }
    /// Never runs.
    public func save(_ entry: CacheEntry, for key: String) async throws(CacheStoreError) { fatalError("unavailable") }
    /// Never runs.
    public func removeEntry(for key: String) async throws(CacheStoreError) { fatalError("unavailable") }
    /// Never runs.
    public func removeAll() async throws(CacheStoreError) { fatalError("unavailable") }
}

/// Needs swift-mvvm's `MVVMGRDB` trait.
@available(*, unavailable, message: "SQLiteRecordStorage needs swift-mvvm's MVVMGRDB trait: .package(url: …, from: …, traits: [\"MVVMGRDB\"])")
public final class SQLiteRecordStorage: RecordStorage {
    /// Needs swift-mvvm's `MVVMGRDB` trait.
    @available(*, unavailable, message: "SQLiteRecordStorage needs swift-mvvm's MVVMGRDB trait: .package(url: …, from: …, traits: [\"MVVMGRDB\"])")
    public init(path: String, kind: String) throws { fatalError("unavailable") }
    // The conformance, as SQLiteCacheStore's above. Never runs.
    /// Never runs.
    public func records() async throws(CacheStoreError) -> [SavedRecord] { fatalError("unavailable") }
    /// Never runs.
    public func records(_ ids: [Data]) async throws(CacheStoreError) -> [SavedRecord] { fatalError("unavailable") }
    /// Never runs.
    public func save(_ records: [SavedRecord]) async throws(CacheStoreError) { fatalError("unavailable") }
    /// Never runs.
    public func remove(_ records: [Data: Date]) async throws(CacheStoreError) { fatalError("unavailable") }
}
#endif
