import DemoServer
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
import UserListFeature

/// The loopback story of issue 16: server up, the list is saved; server down, the saved rows
/// show and a toggle and a delete wait, pending; the app restarts; the server comes back, and
/// both reach it once, with nothing lost; offline again, the saved list shows what the server
/// confirmed (before issue 26 it showed the old flag and brought the deleted row back).
@Suite(.serialized, .timeLimit(.minutes(2)))
@MainActor
struct UserListOutboxTests {
    /// One run of the app: its list, and its records delivering their writes.
    @MainActor struct App {
        let list: UserListViewModel
        let app: TestRecords
        var outbox: Outbox<UserWrite> { app.records.outbox }

        /// Quits: the writes are on disk, and delivery stops.
        func quit() async {
            await app.records.waitUntilSaved()
            app.stopDelivering()
        }
    }

    func start(_ baseURL: URL, folder: URL) -> App {
        let client = APIClient(baseURL: baseURL, retryPolicy: .none)
        let local = LocalDataSource(store: FileCacheStore(directory: folder.appendingPathComponent("cache")))
        let repository = RemoteUserRepository(dataSource: UserRemoteDataSource(client: client), local: local)
        // The back-off waits on a test clock that never moves: only nudge() retries.
        let app = TestRecords(repository: repository, storage: FileOutboxStorage(directory: folder.appendingPathComponent("outbox"), name: "users"), local: local)
        return App(list: UserListViewModel(repository: repository, records: app.records), app: app)
    }

    func row(_ id: Int, in list: UserListViewModel) -> User? {
        list.state.visibleUsers.first { $0.id == id }
    }

    @Test func writesMadeOfflineSurviveARestartAndReachTheServerOnceItIsBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-loopback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("users.sqlite").path

        // Server up: the first page is shown and saved.
        let server = try await DemoServer.start(DemoServerConfiguration(databasePath: database, userCount: 30))
        let port = server.port
        let baseURL = server.baseURL
        let online = start(baseURL, folder: folder)
        online.list.appear()
        #expect(await waitUntilIdle(online.list))
        let rows = online.list.state.visibleUsers
        let toggled = try #require(rows.first)
        let deleted = rows[1]
        let activeBefore = try #require(online.list.state.activeCount)
        await online.quit()
        await server.stop()

        // Server down: the saved rows; a toggle and a delete wait in the outbox, shown as done.
        let offline = start(baseURL, folder: folder)
        offline.list.appear()
        #expect(await waitUntilIdle(offline.list))
        #expect(offline.list.state.visibleUsers == rows)
        offline.list.onEvent(.toggleActiveTapped(userID: toggled.id))
        offline.list.onEvent(.deleteTapped(userID: deleted.id))
        offline.list.onEvent(.deleteConfirmed(userID: deleted.id))
        await offline.app.records.waitUntilSaved()
        #expect(try await offline.outbox.pending.map(\.write) == [.setActive(!toggled.isActive, userID: toggled.id), .delete(userID: deleted.id)])
        #expect(offline.list.state.pendingUserIDs == [toggled.id, deleted.id])
        #expect(row(toggled.id, in: offline.list)?.isActive == !toggled.isActive)
        #expect(row(deleted.id, in: offline.list) == nil)
        #expect(offline.list.state.navigation.modal == nil)

        // The app quits and starts again, still offline: the writes are still shown, pending.
        await offline.quit()
        let restarted = start(baseURL, folder: folder)
        restarted.list.appear()
        #expect(await waitUntilIdle(restarted.list))
        #expect(await waitUntil { restarted.list.state.pendingUserIDs == [toggled.id, deleted.id] })
        #expect(row(toggled.id, in: restarted.list)?.isActive == !toggled.isActive)
        #expect(row(deleted.id, in: restarted.list) == nil)

        // The server is back (same database, same port): both writes reach it, in order.
        let back = try await DemoServer.start(DemoServerConfiguration(port: port, databasePath: database))
        restarted.outbox.nudge()
        #expect(await waitUntil(timeout: .seconds(20)) { restarted.list.state.pendingUserIDs.isEmpty })
        // The list hears of each write as the server answers; the outbox lets it go just after,
        // once its removal is on disk (a slow disk's flush can take 100 ms): asked again until
        // then, on the wall clock as the real server's answers are, for up to 20 s.
        #expect(try await waitUntil(timeout: .seconds(20)) { try await restarted.outbox.pending.isEmpty })
        #expect(row(toggled.id, in: restarted.list)?.isActive == !toggled.isActive)
        #expect(row(deleted.id, in: restarted.list) == nil)
        await restarted.quit()

        // The server's state is what the user did, once.
        let server2 = RemoteUserRepository(dataSource: UserRemoteDataSource(client: APIClient(baseURL: back.baseURL, retryPolicy: .none)))
        #expect(try await server2.user(id: toggled.id).isActive == !toggled.isActive)
        await #expect(throws: UserError.notFound) { try await server2.user(id: deleted.id) }
        let expectedActive = activeBefore + (toggled.isActive ? -1 : 1) - (deleted.isActive ? 1 : 0)
        #expect(try await server2.stats().active == expectedActive)

        // Offline again, after a restart: the saved list shows what the server confirmed.
        await back.stop()
        let later = start(baseURL, folder: folder)
        later.list.appear()
        #expect(await waitUntilIdle(later.list))
        #expect(await waitUntil { row(toggled.id, in: later.list)?.isActive == !toggled.isActive })
        #expect(row(deleted.id, in: later.list) == nil)
        #expect(later.list.state.pendingUserIDs.isEmpty)
        await later.quit()
    }
}
