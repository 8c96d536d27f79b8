import DemoServer
import MVVMTestSupport
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
@Suite(.serialized, .timeLimit(.minutes(2)), .dependencies { $0.now = { Date() }; $0.newID = .random; $0.clock = ContinuousClock() })
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

    /// Starts the app: its records restored from the device (as the app does before its first
    /// screen), and its list.
    func start(_ baseURL: URL, folder: URL) async -> App {
        let client = APIClient(baseURL: baseURL, retryPolicy: .none)
        let saved = FileRecordStorage(directory: folder.appendingPathComponent("cache"), name: "users")
        let repository = RemoteUserRepository(dataSource: UserRemoteDataSource(client: client))
        // The back-off waits on a test clock that never moves: only nudge() retries.
        let app = TestRecords(repository: repository, storage: FileOutboxStorage(directory: folder.appendingPathComponent("outbox"), name: "users"), saved: saved)
        await app.records.restore()
        return App(list: UserListViewModel(repository: repository, records: app.records), app: app)
    }

    func row(_ id: Int, in list: UserListViewModel) -> User? {
        list.state.visibleUsers.first { $0.id == id }
    }

    /// What the row of `id` shows of its write the server has not answered.
    func pending(_ id: Int, in list: UserListViewModel) -> PendingWrite? {
        list.state.users.rows.first { $0.id == id }?.pending
    }

    /// The ids of the rows marked pending (the row's "…").
    func pendingRows(in list: UserListViewModel) -> Set<Int> {
        Set(list.state.users.rows.filter { $0.pending != nil }.map(\.id))
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
        let online = await start(baseURL, folder: folder)
        online.list.appear()
        #expect(await waitUntilIdle(online.list))
        let rows = online.list.state.visibleUsers
        let toggled = try #require(rows.first)
        let deleted = rows[1]
        let activeBefore = try #require(online.list.state.activeCount)
        // What the title counts once both writes are done.
        let expectedActive = activeBefore + (toggled.isActive ? -1 : 1) - (deleted.isActive ? 1 : 0)
        await online.quit()
        await server.stop()

        // Server down: the saved rows; a toggle and a delete wait in the outbox, shown as done.
        let offline = await start(baseURL, folder: folder)
        offline.list.appear()
        #expect(await waitUntilIdle(offline.list))
        #expect(offline.list.state.visibleUsers == rows)
        offline.list.send(.toggleActiveTapped(userID: toggled.id))
        offline.list.send(.deleteTapped(userID: deleted.id))
        offline.list.send(.deleteConfirmed(userID: deleted.id))
        await offline.app.records.waitUntilSaved()
        #expect(try await offline.outbox.pending.map(\.write) == [.setActive(!toggled.isActive, userID: toggled.id), .delete(userID: deleted.id)])
        #expect(offline.app.records.pendingIDs == [toggled.id, deleted.id])
        #expect(await waitUntil { row(deleted.id, in: offline.list) == nil }, "the delete shows once on disk")
        #expect(row(toggled.id, in: offline.list)?.isActive == !toggled.isActive)
        #expect(pending(toggled.id, in: offline.list) != nil, "the toggle is marked pending")
        #expect(await waitUntil { pending(toggled.id, in: offline.list) == .retrying }, "its send failed: it waits to be sent again")
        #expect(pendingRows(in: offline.list) == [toggled.id])
        #expect(offline.list.state.visibleUsers.count == rows.count - 1)
        #expect(offline.list.state.activeCount == expectedActive, "the saved count, moved by the pending writes")
        #expect(offline.list.state.navigation.modal == nil)

        // The app quits and starts again, still offline: the writes are still shown, pending.
        await offline.quit()
        let restarted = await start(baseURL, folder: folder)
        restarted.list.appear()
        #expect(await waitUntilIdle(restarted.list))
        #expect(await waitUntil { restarted.app.records.pendingIDs == [toggled.id, deleted.id] })
        #expect(pendingRows(in: restarted.list) == [toggled.id])
        #expect(row(toggled.id, in: restarted.list)?.isActive == !toggled.isActive)
        #expect(row(deleted.id, in: restarted.list) == nil)
        #expect(restarted.list.state.savedDataNotice?.failure == ErrorPresentation(UserError.noInternet))
        #expect(restarted.list.state.activeCount == expectedActive)

        // The server is back (same database, same port): both writes reach it, in order.
        let back = try await DemoServer.start(DemoServerConfiguration(port: port, databasePath: database))
        restarted.outbox.nudge()
        #expect(await waitUntil(timeout: .seconds(20)) { restarted.app.records.pendingIDs.isEmpty })
        #expect(pendingRows(in: restarted.list).isEmpty)
        // The list hears of each write as the server answers; the outbox lets it go just after,
        // once its removal is on disk (a slow disk's flush can take 100 ms): asked again until
        // then, on the wall clock as the real server's answers are, for up to 20 s.
        #expect(try await waitUntil(timeout: .seconds(20)) { try await restarted.outbox.pending.isEmpty })
        #expect(row(toggled.id, in: restarted.list)?.isActive == !toggled.isActive)
        #expect(row(deleted.id, in: restarted.list) == nil)
        #expect(await waitUntilIdle(restarted.list), "the count is read again once no write is left")
        #expect(restarted.list.state.activeCount == expectedActive)
        await restarted.quit()

        // The server's state is what the user did, once.
        let server2 = RemoteUserRepository(dataSource: UserRemoteDataSource(client: APIClient(baseURL: back.baseURL, retryPolicy: .none)))
        #expect(try await server2.user(id: toggled.id).isActive == !toggled.isActive)
        await #expect(throws: UserError.notFound) { try await server2.user(id: deleted.id) }
        #expect(try await server2.stats().active == expectedActive)

        // Offline again, after a restart: the saved list shows what the server confirmed.
        await back.stop()
        let later = await start(baseURL, folder: folder)
        later.list.appear()
        #expect(await waitUntilIdle(later.list))
        #expect(await waitUntil { row(toggled.id, in: later.list)?.isActive == !toggled.isActive })
        #expect(row(deleted.id, in: later.list) == nil)
        #expect(later.app.records.pendingIDs.isEmpty)
        #expect(later.list.state.activeCount == expectedActive, "the count the server sent last, saved")
        #expect(pendingRows(in: later.list).isEmpty)
        await later.quit()
    }
}
