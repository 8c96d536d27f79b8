import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
@testable import UserListFeature

/// A detail opened at start (`--open users/1`, or restored after a kill) shows the device's saved
/// copy at once, marked saved, and asks the server; the server's value replaces it. Issue 54, M3:
/// the saved copy showed as current, with no request, and `r` did nothing.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct UserDetailSavedCopyTests {
    let clock = TestClock()
    let repository: StubUserRepository
    /// The device's saved data, kept across starts.
    let local = InMemoryRecordStorage()
    static let users = sampleUsers(5)
    /// User 1, "Ann Lee": active.
    static let ann = users[0]

    init() {
        repository = StubUserRepository(users: Self.users, clock: clock)
    }

    /// A start of the app and a detail of user 1, made once the records are restored.
    func start() async -> (ViewModelTester<UserDetailViewModel>, TestRecords) {
        let app = TestRecords(repository: repository, saved: local, clock: clock)
        await clock.perform { await app.records.restore() }
        let tester = ViewModelTester(UserDetailViewModel(userID: 1, repository: repository, records: app.records), clock: clock)
        return (tester, app)
    }

    /// The first start: user 1 is loaded, and the device keeps it. - Returns: when it was learnt,
    /// at the earliest and latest.
    func firstStart() async -> ClosedRange<Date> {
        let before = Dependencies.current.now()   // the suite's fixed time
        let (tester, app) = await start()
        tester.appear { $0.user.record = .loading() }
        await clock.advance(by: .milliseconds(100))
        tester.skipReceivedChanges()
        #expect(tester.state.user.value == Self.ann)
        #expect(tester.state.savedDataNotice == nil, "the server's: no mark")
        await app.records.waitUntilSaved()
        await tester.finish()
        return before...Dependencies.current.now()
    }

    @Test func theSavedCopyShowsMarkedSavedAndTheServersValueReplacesIt() async throws {
        let learnt = await firstStart()
        repository.toggleElsewhere(1)   // the server changed user 1 meanwhile

        let (tester, _) = await start()
        // The records are read on demand: the saved copy is read from the device as the detail
        // appears, and shows before the server answers.
        tester.appear { $0.user.record = .loading() }   // the device and the server are asked
        await clock.advance()
        tester.skipReceivedChanges()
        #expect(tester.state.user.record == .loading(previous: Self.ann), "the saved copy, before the server's answer")
        let notice = try #require(tester.state.savedDataNotice, "marked saved")
        #expect(learnt.contains(notice.savedAt))
        #expect(notice.isUpdating)
        #expect(tester.state.canEdit, "the saved copy can be edited: the write waits in the outbox")
        await clock.advance(by: .milliseconds(100))
        tester.skipReceivedChanges()
        var changed = Self.ann
        changed.isActive.toggle()
        #expect(tester.state.user.record == .loaded(changed), "the server's value")
        #expect(tester.state.savedDataNotice == nil)
        #expect(repository.calls.filter { $0 == "user(1)" }.count == 2, "one request each start")
        await tester.finish()
    }

    @Test func offlineTheSavedCopyStaysMarkedWithWhyAndRRetries() async throws {
        _ = await firstStart()
        repository.fail(.user, with: .noInternet)

        let (tester, _) = await start()
        tester.appear { $0.user.record = .loading() }   // the saved copy is read as it appears
        await clock.advance(by: .milliseconds(100))
        tester.skipReceivedChanges()
        #expect(tester.state.user.value == Self.ann, "the saved copy stays shown")
        #expect(tester.state.savedDataNotice?.failure?.message == UserError.noInternet.message)
        #expect(tester.state.message == nil, "no failure in place of the user")
        #expect(tester.state.canRetry, "r asks again")

        repository.fail(.user, with: nil)
        tester.send(.retryTapped) { $0.user.record = .loading(previous: Self.ann) }
        await clock.advance(by: .milliseconds(100))
        tester.skipReceivedChanges()
        #expect(tester.state.user.record == .loaded(Self.ann))
        #expect(tester.state.savedDataNotice == nil)
        #expect(!tester.state.canRetry, "the server's value: nothing to retry")
        await tester.finish()
    }
}
