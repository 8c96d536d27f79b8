import MVVMTestSupport
import Foundation
import MVVMData
import MVVMDataTesting
import Testing

/// The stores that come with MVVMData keep ``CacheStoreContract``. (MVVMGRDB's runs it in its own tests.)
@Suite(.timeLimit(.minutes(2)))
struct CacheStoreContractTests {
    @Test func inMemoryStoreKeepsTheContract() async throws {
        let stores = StoresByName()
        try await CacheStoreContract.verify { name in await stores.store(named: name) }
    }

    @Test func fileStoreKeepsTheContract() async throws {
        let folder = try TemporaryFolder()
        try await CacheStoreContract.verify { name in
            FileCacheStore(directory: folder.url.appendingPathComponent(name))
        }
    }
}

/// One in-memory store per name, so that "opening again" finds the same entries.
actor StoresByName {
    private var stores: [String: InMemoryCacheStore] = [:]

    func store(named name: String) -> InMemoryCacheStore {
        if let store = stores[name] { return store }
        let store = InMemoryCacheStore()
        stores[name] = store
        return store
    }
}

