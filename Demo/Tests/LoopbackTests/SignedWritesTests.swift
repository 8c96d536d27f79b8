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

    /// A refused refresh signs the account out; the toggle made meanwhile waits on the device
    /// (never rolled back) through a restart, and reaches the server once the same account signs
    /// in again.
    @Test func aRefusedRefreshKeepsTheWriteUntilTheSameAccountSignsInAgain() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signed-out-writes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 30, requiresSignIn: true, passwordCost: 4))
        defer { Task { await server.stop() } }
        let sessions = SessionRemoteDataSource(client: APIClient(baseURL: server.baseURL, retryPolicy: .none))
        let secrets = InMemorySecretStore()
        let account = DemoServer.demoAccount

        /// One run of the app: its session restored from `secrets`, its outbox from the folder.
        func start() async -> (list: UserListViewModel, app: TestRecords, session: AuthSession) {
            let session = sessions.session(secrets: secrets)
            let client = APIClient(baseURL: server.baseURL, retryPolicy: .none, session: session)
            let repository = RemoteUserRepository(dataSource: UserRemoteDataSource(client: client))
            let app = TestRecords(repository: repository, storage: FileOutboxStorage(directory: folder.appendingPathComponent("outbox"), name: "users"))
            await app.records.restore()
            return (UserListViewModel(repository: repository, records: app.records), app, session)
        }

        let first = await start()
        let tokens = try await sessions.signIn(loginID: account.loginID, password: account.password)
        try await first.session.signIn(tokens)
        first.list.appear()
        #expect(await waitUntilIdle(first.list))
        let toggled = try #require(first.list.state.visibleUsers.first)
        func row(_ list: UserListViewModel) -> LiveRow<User>? { list.state.users.rows.first { $0.id == toggled.id } }

        // The refresh token is revoked (signed out elsewhere) and the access token expires.
        try await sessions.signOut(tokens.refreshToken)
        await server.expireAccessTokens()
        first.list.send(.toggleActiveTapped(userID: toggled.id))
        #expect(await waitUntil { row(first.list)?.pending == .retrying }, "refused for its token: it waits")
        #expect(await first.session.status == .needsSignIn(account: account.loginID))
        #expect(row(first.list)?.record.isActive == !toggled.isActive, "never rolled back")
        #expect(first.list.state.navigation.modal == nil)
        await first.app.records.waitUntilSaved()
        first.app.stopDelivering()   // the app is killed

        // Started again: the same account is asked to sign in, the write still pending; it does.
        let second = await start()
        #expect(await second.session.restore() == .needsSignIn(account: account.loginID))
        #expect(await waitUntil { second.app.records.pendingIDs == [toggled.id] })
        try await second.session.signIn(try await sessions.signIn(loginID: account.loginID, password: account.password))
        second.app.records.outbox.nudge()
        #expect(await waitUntil(timeout: .seconds(20)) { second.app.records.pendingIDs.isEmpty })
        #expect(try await waitUntil(timeout: .seconds(20)) { try await second.app.records.outbox.pending.isEmpty })
        let check = RemoteUserRepository(dataSource: UserRemoteDataSource(client: APIClient(baseURL: server.baseURL, retryPolicy: .none, session: second.session)))
        #expect(try await check.user(id: toggled.id).isActive == !toggled.isActive)
        second.app.stopDelivering()
    }
}
