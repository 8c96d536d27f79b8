import MVVMTestSupport
import Foundation
import MVVMData
import MVVMDataTesting
import MVVMTesting
import Testing

/// The record storages that come with MVVMData keep ``RecordStorageContract``. (MVVMGRDB's runs
/// it in its own tests.)
@Suite(.timeLimit(.minutes(2)))
struct RecordStorageContractTests {
    @Test func inMemoryStorageKeepsTheContract() async throws {
        let storages = RecordStoragesByName()
        try await RecordStorageContract.verify { name in await storages.storage(named: name) }
    }

    @Test func fileStorageKeepsTheContract() async throws {
        let folder = try TemporaryFolder()
        try await RecordStorageContract.verify { name in
            FileRecordStorage(directory: folder.url.appendingPathComponent(name), name: "records")
        }
    }
}

/// One in-memory storage per name, so that "opening again" finds the same records.
actor RecordStoragesByName {
    private var storages: [String: InMemoryRecordStorage] = [:]

    func storage(named name: String) -> InMemoryRecordStorage {
        if let storage = storages[name] { return storage }
        let storage = InMemoryRecordStorage()
        storages[name] = storage
        return storage
    }
}
