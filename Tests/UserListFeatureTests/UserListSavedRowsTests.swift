import Foundation
import MVVMCore
import MVVMTesting
import Testing
@testable import UserListFeature

/// A second start: the saved rows at once, marked "saved · updating…", until the server's page
/// replaces them; leaving or failing ends the "updating".
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct UserListSavedRowsTests {
    let clock = TestClock()
    let repository: StubUserRepository
    let app: TestRecords
    let tester: ViewModelTester<UserListViewModel>
    static let users = sampleUsers(45)
    static let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    /// Yesterday's first page: three rows, the first one since toggled on the server.
    static let saved: [User] = {
        var rows = Array(users[0..<3])
        rows[0].isActive.toggle()
        return rows
    }()

    init() {
        repository = StubUserRepository(users: Self.users, clock: clock)
        repository.savedFirstPage = UserPage(users: Self.saved, total: 3, nextCursor: nil, origin: .saved(at: Self.savedAt))
        app = TestRecords(repository: repository, clock: clock)
        tester = ViewModelTester(UserListViewModel(repository: repository, records: app.records, clock: clock), clock: clock)
    }

    /// Appears: the first page is asked for, and the saved rows show at once, updating.
    func appearShowingTheSavedRows() async -> PageRequest<UserCursor> {
        var request: PageRequest<UserCursor>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.receive {
            $0.users.updateItems { $0 = Self.saved }
            $0.visibleUsers = Self.saved
            $0.savedDataNotice = SavedDataNotice(savedAt: Self.savedAt, isUpdating: true, failure: nil)
        }
        return request
    }

    @Test func theSavedRowsShowAtOnceThenTheServersPageReplacesThem() async {
        let request = await appearShowingTheSavedRows()
        #expect(!tester.state.isLoadingFirstPage)   // rows, not a full-screen spinner
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.countedActive = 30; $0.activeCount = 30 }
        // The server's page reaches the records first: the saved rows show its values at once…
        await tester.receive { $0.visibleUsers = Array(Self.users[0..<3]) }
        // …and then its rows.
        await tester.receive {
            $0.users.complete(request, with: Page(items: Array(Self.users[0..<20]), nextCursor: .after("u20")))
            $0.visibleUsers = Array(Self.users[0..<20])
            $0.savedDataNotice = nil
        }
        await tester.finish()
    }

    @Test func leavingBeforeTheServerAnswersKeepsTheSavedRowsNoLongerUpdating() async {
        let request = await appearShowingTheSavedRows()
        tester.disappear {
            $0.users.cancel(request)
            $0.savedDataNotice?.isUpdating = false
        }
        await tester.advance(by: .milliseconds(100))
        await tester.finish()
    }

    @Test func aFailureLeavesTheSavedRowsAndShowsTheErrorAlert() async {
        repository.fail(.users, with: .server)
        let request = await appearShowingTheSavedRows()
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.countedActive = 30; $0.activeCount = 30 }
        let failure = ErrorPresentation(UserError.server)
        await tester.receive {
            $0.users.fail(request, with: failure)
            $0.savedDataNotice?.isUpdating = false
            $0.navigation.present(.pageFailure(failure))
        }
        #expect(tester.state.visibleUsers == Self.saved)
        await tester.finish()
    }
}
