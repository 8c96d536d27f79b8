import AppFeature
import Foundation
import MVVMCore
import MVVMData
import MVVMTestSupport
import MVVMTesting
import RegistrationFeature
import Testing
import UserListFeature

/// The root over accounts (issue 53): each account's app over its own data, sign-out asked
/// with the changes not yet sent and then its data removed, and a session the server refused
/// asking the same account again while its writes wait.
@Suite(.timeLimit(.minutes(1)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct AccountViewModelTests {
    /// What the root asked of the device, account by account.
    @MainActor
    final class Device {
        var opened: [String] = []
        var wiped: [String] = []
        /// Each account's records, with the writes it made.
        var records: [String: UserRecords] = [:]
        /// The clock each account's outbox waits on between tries.
        let clock = TestClock()
        weak var lastApp: AppViewModel?
    }

    let server = UnreachableUserRepository()

    let device = Device()
    let sessions: FakeSessions
    let tester: ViewModelTester<AccountViewModel>

    /// A root whose accounts' writes never reach the server (it cannot be reached): they wait.
    init(_ status: AuthStatus = .signedIn(account: "ann")) {
        sessions = FakeSessions(status)
        let device = device
        let sessions = sessions
        tester = ViewModelTester(Dependencies.with { [server] in
            $0.useTestRepositories(users: server)
            $0.sessions = sessions
        } operation: {
            let made = Dependencies.current
            return AccountViewModel(hint: "hint") { account in
                device.opened.append(account)
                let app = Dependencies.with { $0 = made } operation: {
                    let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: device.clock), search: .users)
                    device.records[account] = records
                    return Dependencies.with { $0.userRecords = records } operation: { try? AppViewModel(path: "", account: account) }
                }
                device.lastApp = app
                return app
            } wipe: { account in
                await MainActor.run { device.wiped.append(account) }
            }
        })
        tester.exhaustivity = .off
    }

    var app: AppViewModel? { tester.viewModel.app }

    var form: SignInViewModel? {
        guard case .signingIn(let form) = tester.state.phase else { return nil }
        return form
    }

    @Test func theAccountSignedInShowsItsAppOverItsOwnData() async {
        await tester.settle()
        #expect(device.opened == ["ann"])
        #expect(app?.state.account == "ann")
        await tester.finish()
    }

    @Test func signingOutAsksWithTheChangesNotYetSentThenRemovesTheAccountsData() async throws {
        await tester.settle()
        let records = try #require(device.records["ann"])
        records.write(.setActive(false, userID: 1))
        records.write(.delete(userID: 3))
        app?.send(.signOutTapped)
        await tester.settle()
        let question = try #require(app?.state.navigation.modal)
        #expect(question.message == AppText.signOutQuestion(unsent: 2))
        #expect(question.message.resolved(in: .japanese) == "未送信の変更が 2 件あります。ログアウトすると、送信されずに削除されます。")
        #expect(question.message.resolved(in: .english) == "2 changes not yet sent. Signing out deletes them without sending them.")

        app?.send(.signOutConfirmed)
        await tester.settle()
        #expect(sessions.signOutCount == 1)
        #expect(device.wiped == ["ann"])
        // The app and its delivery ended before its data was removed: nothing is sent after.
        let tries = server.sends
        await device.clock.advance(by: .seconds(600))
        await tester.settle()
        #expect(server.sends == tries)
        #expect(form?.state.form.loginID == "")
        #expect(form?.state.hint == "hint")
        await tester.finish()
    }

    @Test func anAccountSignedOutLetsGoOfItsAppAndTheScreensItOpened() async throws {
        await tester.settle()
        let leaks = LeakTracker()
        do {
            let app = try #require(self.app)
            app.send(.opened(.users))
            guard case .users(let list)? = app.screenModel(for: .users) else { Issue.record("no list"); return }
            leaks.track(app, "ann's app")
            leaks.track(list, "ann's user list")
        }
        app?.send(.signOutTapped)
        await tester.settle()
        app?.send(.signOutConfirmed)
        await tester.settle()
        tester.skipReceivedChanges()   // the tester forgets the states it kept: the app in them too
        #expect(form != nil, "the sign-in form shows")
        await leaks.expectAllDeallocated()
        await tester.finish()
    }

    @Test func cancellingTheQuestionKeepsEverything() async throws {
        await tester.settle()
        app?.send(.signOutTapped)
        await tester.settle()
        #expect(app?.state.navigation.modal?.message == AppText.signOutQuestion(unsent: 0))
        app?.send(.navigation(.dismiss))
        app?.send(.signOutConfirmed)   // a late press on the closed question
        await tester.settle()
        #expect(sessions.signOutCount == 0)
        #expect(device.wiped.isEmpty)
        #expect(app?.state.account == "ann")
        await tester.finish()
    }

    @Test func aRefusedSessionEndsTheAppKeepsItsWritesAndAsksTheSameAccountAgain() async throws {
        await tester.settle()
        let records = try #require(device.records["ann"])
        records.write(.setActive(false, userID: 1))
        await records.waitUntilSaved()

        sessions.refuse("ann")
        await tester.settle()
        tester.skipReceivedChanges()   // the tester forgets the states it kept: the app in them too
        #expect(device.lastApp == nil, "the app goes")
        let tries = server.sends
        await device.clock.advance(by: .seconds(600))
        await tester.settle()
        #expect(server.sends == tries, "its delivery stopped with it")
        let form = try #require(form)
        #expect(form.state.form.loginID == "ann")
        #expect(form.state.notice == SignInText.expired(account: "ann"))
        #expect(device.wiped.isEmpty)
        #expect(try await records.outbox.pending.count == 1)

        form.send(.passwordChanged("secret123"))
        form.send(.submitTapped)
        await tester.settle()
        #expect(device.opened == ["ann", "ann"])
        #expect(app?.state.account == "ann")
        await tester.finish()
    }

    @Test func anotherAccountGetsItsOwnDataAndTheFirstKeepsItsOwn() async throws {
        await tester.settle()
        sessions.refuse("ann")
        await tester.settle()
        let form = try #require(form)
        form.send(.loginIDChanged("bob"))
        form.send(.passwordChanged("secret123"))
        form.send(.submitTapped)
        await tester.settle()
        #expect(device.opened == ["ann", "bob"])
        #expect(app?.state.account == "bob")
        #expect(device.records["bob"] !== device.records["ann"])
        #expect(device.wiped.isEmpty)
        await tester.finish()
    }

    @Test func signedOutAtStartShowsTheSignInForm() async {
        let root = AccountViewModelTests(.signedOut)
        await root.tester.settle()
        #expect(root.device.opened.isEmpty)
        #expect(root.form?.state.hint == "hint")
        await root.tester.finish()
    }
}

/// A server that cannot be reached: every write waits.
final class UnreachableUserRepository: UserRepository {
    private let tries = LockedValue(0)
    /// How many writes were tried.
    var sends: Int { tries.value }

    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage { throw .noInternet }
    func user(id: Int) async throws(UserError) -> User { throw .noInternet }
    func stats() async throws(UserError) -> UserStats { throw .noInternet }
    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User? {
        tries.withValue { $0 += 1 }
        throw .noInternet
    }
}
