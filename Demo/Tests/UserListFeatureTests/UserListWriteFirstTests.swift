import Foundation
import MVVMTestSupport
import MVVMData
import MVVMTesting
import Testing
import UserListFeature

/// Every write is saved before it is sent: the app can be killed while the request is out (a
/// server that never answers) and the write is still there when it starts again. Before, a
/// write entered the outbox only after its first request failed, so a kill in that window (up to
/// the 10 s request deadline) lost it.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct UserListWriteFirstTests {
    let clock = TestClock()
    let folder: URL
    let repository: StubUserRepository
    static let users = sampleUsers(45)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("write-first-\(UUID().uuidString)")
        repository = StubUserRepository(users: Self.users, clock: clock)
    }

    /// A new outbox on the folder, as a restarted app opens it. Its back-off waits on a clock of
    /// its own that never moves: only a nudge retries.
    func reopened() -> Outbox<UserWrite> {
        Outbox(storage: FileOutboxStorage(directory: folder, name: "users"), clock: TestClock())
    }

    @Test func aToggleWhoseRequestIsOutSurvivesAKill() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = TestRecords(repository: repository, storage: FileOutboxStorage(directory: folder, name: "users"), clock: clock)
        let list = clock.perform { UserListViewModel(repository: repository, records: app.records) }
        list.appear()
        #expect(await waitUntilSleeping(clock))
        await clock.advance(by: .milliseconds(100))
        await clock.advance(by: .zero)
        #expect(list.state.visibleUsers.count == 20)
        let user = Self.users[0]

        list.send(.toggleActiveTapped(userID: user.id))
        // The request is out and the server does not answer (the clock does not move).
        await clock.advance(by: .zero)
        #expect(repository.calls.contains("setActive(\(!user.isActive), \(user.id))"))
        #expect(list.state.users.rows.first?.pending == .saving)
        #expect(list.state.visibleUsers.first?.isActive == !user.isActive)

        // Killed now: the next start finds the write.
        #expect(try await reopened().pending.map(\.write) == [.setActive(!user.isActive, userID: user.id)])
    }

    @Test func aToggleOnTheDetailIsSavedBeforeItIsSentAndWaitsOffline() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = TestRecords(repository: repository, storage: FileOutboxStorage(directory: folder, name: "users"), clock: clock)
        let outbox = app.records.outbox
        let user = Self.users[3]
        // Made by a tester, so that its work runs on the clock's executor; the test drives it by hand.
        let detail = ViewModelTester(UserDetailViewModel(userID: user.id, repository: repository, records: app.records), clock: clock).viewModel
        detail.appear()
        #expect(await waitUntilSleeping(clock))
        await clock.advance(by: .milliseconds(100))
        await clock.advance(by: .zero)
        #expect(detail.state.user.value == user)

        repository.fail(.setActive, with: .noInternet)
        detail.send(.toggleActiveTapped)
        // Offline: the toggle waits in the outbox, shown as made; no rollback, no alert.
        let call = "setActive(\(!user.isActive), \(user.id))"
        await clock.advance(by: .zero)
        #expect(repository.calls.contains(call))
        #expect(await waitUntilSleeping(clock))
        await clock.advance(by: .milliseconds(200))   // the try fails: no connection
        #expect(try await reopened().pending.map(\.write) == [.setActive(!user.isActive, userID: user.id)])
        #expect(detail.state.user.value?.isActive == !user.isActive)
        #expect(detail.state.isSaving)
        #expect(detail.state.navigation.modal == nil)

        // The server is back: the write is delivered, the detail shows what the server saved.
        repository.fail(.setActive, with: nil)
        outbox.nudge()
        await clock.advance(by: .zero)
        #expect(repository.calls.filter { $0 == call }.count == 2)
        #expect(await waitUntilSleeping(clock))
        await clock.advance(by: .milliseconds(200))
        await clock.advance(by: .zero)
        #expect(!detail.state.isSaving)
        #expect(detail.state.user.value?.isActive == !user.isActive)
        #expect(try await outbox.pending.isEmpty)
    }
}
