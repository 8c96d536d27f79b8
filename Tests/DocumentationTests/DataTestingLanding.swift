// The code of MVVMDataTesting's landing page (Sources/MVVMDataTesting/MVVMDataTesting.docc).
import Foundation
import MVVMData
import MVVMDataTesting
import Testing

/// Stands for a store of the reader's own: here MVVMData's file store.
typealias MyCacheStore = FileCacheStore

// snippet: contract
@Test func myStoreKeepsTheContract() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await CacheStoreContract.verify { name in MyCacheStore(directory: folder.appending(path: name)) }
}
// snippet end
