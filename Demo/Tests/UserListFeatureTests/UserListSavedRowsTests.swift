import MVVMCollections
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
@testable import UserListFeature

/// A second start: the rows the device has seen show at once, marked saved (when the device
/// learnt them) and "updating…", with the saved count, until the server's page replaces them;
/// leaving or failing ends the "updating", and a failure keeps the saved rows.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct UserListSavedRowsTests {
    let clock = TestClock()
    let repository: StubUserRepository
    /// The device's saved data, kept across starts.
    let local = InMemoryRecordStorage()
    /// The outbox's storage, kept across starts.
    let outbox = InMemoryOutboxStorage()
    static let users = sampleUsers(45)
    static let firstPage = Array(users[0..<20])

    init() {
        repository = StubUserRepository(users: Self.users, clock: clock)
    }

    /// A start of the app: records restored from the device, and a list over them.
    func start(delivering: Bool = true) -> (ViewModelTester<UserListViewModel>, TestRecords) {
        let app = TestRecords(repository: repository, storage: outbox, saved: local, delivering: delivering, clock: clock)
        let tester = ViewModelTester(UserListViewModel(repository: repository, records: app.records), clock: clock)
        return (tester, app)
    }

    /// The first start: the list shows the first page and the counts, which the device keeps
    /// (`then` runs before the app quits). - Returns: when the device learnt the rows, at the earliest and latest.
    func firstStart(then: (ViewModelTester<UserListViewModel>, TestRecords) async -> Void = { _, _ in }) async -> ClosedRange<Date> {
        let before = Dependencies.current.now()   // the suite's fixed time
        let (tester, app) = start()
        tester.viewModel.appear()
        await clock.advance(by: .milliseconds(100))
        tester.skipReceivedChanges()
        let after = Dependencies.current.now()
        #expect(tester.state.visibleUsers == Self.firstPage)
        #expect(tester.state.activeCount == 30)
        await then(tester, app)
        tester.viewModel.disappear()
        await app.records.waitUntilSaved()
        await tester.finish()
        return before...after
    }

    /// Receives the device's count and rows of the second start, the rows marked saved at a
    /// moment within `learnt`. - Returns: that moment.
    @discardableResult
    func receiveTheSavedRows(_ tester: ViewModelTester<UserListViewModel>, learnt: ClosedRange<Date>) async -> Date {
        await tester.receive { $0.users.counts = [.active: 30] }   // the saved count
        let savedAt = await tester.settledSavedAt()
        #expect(learnt.contains(savedAt), "marked with when the device learnt them")
        await tester.receive {
            $0.users.rows = ChunkedArray(Self.firstPage.live)
            $0.users.origin = .saved(at: savedAt)
            $0.users.nextPage = .reachedEnd   // the device has seen no more
        }
        #expect(!tester.state.isLoadingFirstPage)   // rows, not a full-screen spinner
        #expect(tester.state.savedDataNotice == SavedDataNotice(savedAt: savedAt, isUpdating: true, failure: nil))
        return savedAt
    }

    @Test func theSavedRowsShowAtOnceThenTheServersPageReplacesThem() async {
        let learnt = await firstStart()
        repository.toggleElsewhere(1)   // since then, on the server

        let (tester, app) = start()
        tester.viewModel.appear()
        await tester.receive { $0.users.refresh = .loading }
        await receiveTheSavedRows(tester, learnt: learnt)
        await clock.advance(by: .milliseconds(50))
        await tester.receive { $0.users.counts = [.active: 29] }   // the server's count
        await clock.advance(by: .milliseconds(50))
        var fresh = Self.firstPage
        fresh[0].isActive.toggle()
        await tester.receive {   // the server's rows, in one update
            $0.users.refresh = .loaded
            $0.users.nextPage = .idle
            $0.users.rows = ChunkedArray(fresh.live)
            $0.users.origin = .network
        }
        #expect(tester.state.savedDataNotice == nil)
        #expect(repository.calls.filter { $0.hasPrefix("users") }.count == 2)
        await tester.finish()
        withExtendedLifetime(app) {}
    }

    @Test func leavingBeforeTheServerAnswersKeepsTheSavedRowsNoLongerUpdating() async {
        let learnt = await firstStart()
        let (tester, app) = start()
        tester.viewModel.appear()
        await tester.receive { $0.users.refresh = .loading }
        await receiveTheSavedRows(tester, learnt: learnt)
        tester.disappear { $0.users.refresh = .idle }
        #expect(tester.state.visibleUsers == Self.firstPage)
        #expect(tester.state.savedDataNotice?.isUpdating == false)
        await clock.advance(by: .milliseconds(100))
        await tester.finish()
        withExtendedLifetime(app) {}
    }

    @Test func aFailureLeavesTheSavedRowsAndSaysWhyInTheNotice() async {
        let learnt = await firstStart()
        repository.fail(.users, with: .server(statusCode: 503))
        let (tester, app) = start()
        tester.viewModel.appear()
        await tester.receive { $0.users.refresh = .loading }
        await receiveTheSavedRows(tester, learnt: learnt)
        await clock.advance(by: .milliseconds(50))   // the server's count agrees: no change
        await clock.advance(by: .milliseconds(50))
        let failure = ErrorPresentation(UserError.server(statusCode: 503))
        await tester.receive { $0.users.refresh = .failed(failure) }
        #expect(tester.state.visibleUsers == Self.firstPage)
        #expect(tester.state.savedDataNotice?.isUpdating == false)
        #expect(tester.state.savedDataNotice?.failure == failure)
        #expect(tester.state.navigation.modal == nil, "said by the notice over the saved rows, not by an alert")
        await tester.finish()
        withExtendedLifetime(app) {}
    }

    @Test func aWriteWaitingWhenTheAppQuitShowsPendingWithItsCountOnTheNextStart() async {
        let learnt = await firstStart { tester, app in
            app.stopDelivering()   // no connection: the toggle waits in the outbox
            tester.send(.toggleActiveTapped(userID: 2)) { $0.users.rows = ChunkedArray(Self.firstPage.live.marking(2, .saving)) }
            await app.records.waitUntilSaved()
            tester.skipReceivedChanges()
        }
        var toggled = Self.firstPage[1]
        toggled.isActive.toggle()
        let shown = Self.firstPage.live.replacing(2, with: toggled, .saving)

        let (tester, app) = start()
        tester.viewModel.appear()
        await tester.receive { $0.users.refresh = .loading }
        await tester.receive { $0.users.counts = [.active: 30] }   // the saved count
        let savedAt = await tester.settledSavedAt()
        #expect(learnt.contains(savedAt))
        // What the restore shows, checked once settled (every state on the way is checked by
        // `theWaitingToggleNeverShowsUndoneOnTheNextStart`).
        tester.skipReceivedChanges()
        var restored = LiveRows<User>()
        restored.rows = ChunkedArray(shown)
        restored.counts = [.active: 29]
        restored.origin = .saved(at: savedAt)
        restored.refresh = .loading
        restored.nextPage = .reachedEnd
        #expect(tester.state.users == restored)
        #expect(tester.state.activeCount == 29, "the saved count, moved by the waiting toggle")
        await clock.advance(by: .milliseconds(100))   // the server's count and page, read before the toggle lands
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.nextPage = .idle
            $0.users.origin = .network
        }
        await clock.advance(by: .milliseconds(100))   // the server takes the toggle
        await tester.receive { $0.users.rows = ChunkedArray(shown.marking(2, nil)) }
        await clock.advance(by: .milliseconds(50))   // the counts, read again, agree
        #expect(tester.state.activeCount == 29)
        await tester.finish()
        withExtendedLifetime(app) {}
    }

    /// The toggle waiting in the outbox is never shown undone: from the first saved row on
    /// screen, user 2 shows as toggled, pending, and the count with it.
    @Test func theWaitingToggleNeverShowsUndoneOnTheNextStart() async {
        _ = await firstStart { tester, app in
            app.stopDelivering()
            tester.send(.toggleActiveTapped(userID: 2)) { $0.users.rows = ChunkedArray(Self.firstPage.live.marking(2, .saving)) }
            await app.records.waitUntilSaved()
            tester.skipReceivedChanges()
        }
        var toggled = Self.firstPage[1]
        toggled.isActive.toggle()

        let (tester, app) = start(delivering: false)
        var shown: [LiveRows<User>] = []
        let token = tester.viewModel.subscribe(sendCurrent: false) { shown.append($0.users) }
        tester.viewModel.appear()
        await tester.settle()
        tester.skipReceivedChanges()
        let withRows = shown.filter { !$0.rows.isEmpty }
        #expect(!withRows.isEmpty)
        // SUSPECTED BUG (reported, not encoded): the restore shows the saved values first (user 2
        // active, "ユーザー (30)"), and the waiting toggle only in a second update, once the
        // outbox is read (`RecordStore.restore()` notifies `.merged`, then `.written`): the
        // user's own change flickers undone, with the count off by one.
        for users in withRows {
            #expect(users.rows.first { $0.id == 2 } == LiveRow(toggled, pending: .saving))
            #expect(users.counts[.active].map { $0 == 29 } ?? true)
        }
        token.cancel()
        tester.disappear { $0.users.refresh = .idle }
        await tester.finish()
        withExtendedLifetime(app) {}
    }
}

extension ViewModelTester<UserListViewModel> {
    /// Runs the work as far as it goes without moving the clock, and gives when the device learnt
    /// the rows it then shows (the wall clock's time of the first start's read).
    func settledSavedAt() async -> Date {
        await settle()
        guard case .saved(let savedAt)? = state.users.origin else {
            Issue.record("the device's rows are not marked saved: \(String(describing: state.users.origin))")
            return .distantPast
        }
        return savedAt
    }
}
