import MVVMTestSupport
import Foundation
import MVVMGRDB
import MVVMDataTesting
import Testing

/// `SQLiteCacheStore` keeps the contract of every `CacheStore`.
@Suite(.timeLimit(.minutes(2)))
struct SQLiteCacheStoreContractTests {
    @Test func sqliteStoreKeepsTheContract() async throws {
        let folder = try TemporaryFolder()
        try await CacheStoreContract.verify { name in
            try SQLiteCacheStore(path: folder.path(name + ".sqlite"))
        }
    }
}
