import DemoServer
import MVVMTestSupport
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import RegistrationFeature
import Synchronization
import Testing
import UserListFeature

/// Issue 53 against the real server, which asks for a token: a toggle made offline waits in the
/// outbox; the server comes back, and the token expired meanwhile (a server started again holds
/// none of the access tokens it gave; the refresh token is in its database). The write meets a
/// 401, the session refreshes once, and the write is delivered with its idempotency key: shown
/// as made all along, never rolled back, no alert.
@Suite(.serialized, .timeLimit(.minutes(2)), .dependencies { $0.now = { Date() }; $0.newID = .random; $0.clock = ContinuousClock() })
@MainActor
struct SignedWritesTests {
    @Test func aToggleQueuedOfflineWhoseTokenExpiredIsDeliveredOnceNeverRolledBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signed-writes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = DemoServerConfiguration(
            databasePath: folder.appendingPathComponent("users.sqlite").path, userCount: 30, requiresSignIn: true, passwordCost: 4
        )
        let server = try await DemoServer.start(configuration)
        var again = configuration
        again.port = server.port

        let sessions = SessionRemoteDataSource(client: APIClient(baseURL: server.baseURL, retryPolicy: .none))
        let refreshes = Mutex(0)
        let session = AuthSession(secrets: InMemorySecretStore()) { token throws(APIError) in
            refreshes.withLock { $0 += 1 }
            return try await sessions.refresh(token)
        }
        try await session.signIn(try await sessions.signIn(loginID: DemoServer.demoAccount.loginID, password: DemoServer.demoAccount.password))
        let client = APIClient(baseURL: server.baseURL, retryPolicy: .none, session: session)
        let repository = RemoteUserRepository(dataSource: UserRemoteDataSource(client: client))
        // The back-off waits on a test clock that never moves: only nudge() retries.
        let app = TestRecords(repository: repository, storage: FileOutboxStorage(directory: folder.appendingPathComponent("outbox"), name: "users"))
        await app.records.restore()
        let list = UserListViewModel(repository: repository, records: app.records)
        list.appear()
        #expect(await waitUntilIdle(list))
        let toggled = try #require(list.state.visibleUsers.first)
        func row() -> LiveRow<User>? { list.state.users.rows.first { $0.id == toggled.id } }

        // Offline: the toggle waits, shown as made.
        await server.stop()
        list.send(.toggleActiveTapped(userID: toggled.id))
        #expect(await waitUntil { row()?.pending == .retrying }, "its send failed: it waits to be sent again")
        #expect(row()?.record.isActive == !toggled.isActive)

        // Back, with none of the old access tokens.
        let back = try await DemoServer.start(again)
        app.records.outbox.nudge()
        #expect(await waitUntil(timeout: .seconds(20)) { app.records.pendingIDs.isEmpty })
        #expect(try await waitUntil(timeout: .seconds(20)) { try await app.records.outbox.pending.isEmpty })
        #expect(row()?.record.isActive == !toggled.isActive, "never rolled back")
        #expect(row()?.pending == nil)
        #expect(list.state.navigation.modal == nil, "no alert")
        #expect(refreshes.withLock { $0 } == 1)
        #expect(await session.status == .signedIn(account: "demo"))

        // The server has what the user did.
        let check = RemoteUserRepository(dataSource: UserRemoteDataSource(client: client))
        #expect(try await check.user(id: toggled.id).isActive == !toggled.isActive)
        app.stopDelivering()
        await back.stop()
    }
}
