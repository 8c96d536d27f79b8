import DemoServer
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
import UserListFeature

/// The user list over the real server and a saved-data store: with the server gone, the pages
/// seen before stay on screen, marked with when they were saved and why.
@Suite(.serialized, .timeLimit(.minutes(2)))
@MainActor
struct UserListOfflineTests {
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    let store = InMemoryCacheStore()

    func repository(_ baseURL: URL) -> RemoteUserRepository {
        RemoteUserRepository(
            dataSource: UserRemoteDataSource(client: APIClient(baseURL: baseURL, retryPolicy: .none)),
            local: LocalDataSource(store: store, now: { [savedAt] in savedAt })
        )
    }

    @Test func theRepositoryFallsBackToSavedPagesAndCountsAndSaysWhy() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 30))
        let online = repository(server.baseURL)
        let fresh = try await online.users(after: nil, size: 20, query: "", filter: .all)
        let stats = try await online.stats()
        #expect(fresh.origin == .network && fresh.failure == nil && fresh.users.count == 20)
        let deadURL = server.baseURL
        await server.stop()

        let offline = repository(deadURL)
        let saved = try await offline.users(after: nil, size: 20, query: "", filter: .all)
        #expect(saved == UserPage(users: fresh.users, total: fresh.total, nextCursor: fresh.nextCursor, origin: .saved(at: savedAt), failure: .noInternet))
        #expect(try await offline.stats() == stats)
        // A page never seen has no saved copy: the failure alone.
        await #expect(throws: UserError.noInternet) { try await offline.users(after: fresh.nextCursor, size: 20, query: "", filter: .all) }
        await #expect(throws: UserError.noInternet) { try await offline.users(after: nil, size: 20, query: "ann", filter: .all) }
    }

    @Test func theListShowsSavedRowsOfflineWithTheNotice() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 30))
        let onlineRecords = TestRecords(repository: repository(server.baseURL), delivering: false)
        let online = UserListViewModel(repository: repository(server.baseURL), records: onlineRecords.records)
        online.appear()
        #expect(await waitUntilIdle(online))
        let rows = online.state.visibleUsers
        #expect(rows.count == 20 && online.state.savedDataNotice == nil)
        let baseURL = server.baseURL
        await server.stop()

        let offlineRecords = TestRecords(repository: repository(baseURL), delivering: false)
        let offline = UserListViewModel(repository: repository(baseURL), records: offlineRecords.records)
        offline.appear()
        #expect(await waitUntilIdle(offline))
        #expect(offline.state.visibleUsers == rows)
        #expect(offline.state.savedDataNotice == SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: ErrorPresentation(UserError.noInternet)))
        #expect(offline.state.loadFailure == nil)
        #expect(offline.state.activeCount == online.state.activeCount)
    }
}
