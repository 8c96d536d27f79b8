import MVVMCore
import MVVMTesting
import Testing
@testable import UserListFeature

/// Exhaustive scripts of the Observation/event binding: every state change is asserted.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct UserListViewModelTests {
    let clock = TestClock()
    let repository: StubUserRepository
    let analytics = RecordingAnalytics()
    let tester: ViewModelTester<UserListViewModel>
    let changes = UserChanges()
    static let users = sampleUsers(45)

    init() {
        repository = StubUserRepository(users: Self.users, clock: clock)
        tester = ViewModelTester(UserListViewModel(repository: repository, changes: changes, analytics: analytics, clock: clock), clock: clock)
    }

    /// Appears and receives the first page and the counts.
    func appearAndLoad() async -> PageRequest<Int> {
        var request: PageRequest<Int>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.activeCount = 30 }
        await tester.receive {
            $0.users.complete(request, with: Page(items: Array(Self.users[0..<20]), nextCursor: 2))
            $0.visibleUsers = Array(Self.users[0..<20])
        }
        return request
    }

    @Test func appearingLoadsTheFirstPageAndTheActiveCount() async {
        _ = await appearAndLoad()

        #expect(tester.state.title == "ユーザー (30)")
        #expect(analytics.events == [.viewed(count: 45)])
        #expect(repository.calls == [#"users(page: 1, q: "", all)"#, "stats"])
        await tester.finish()
    }

    @Test func loadMoreLoadsTheNextPageOnceAndDetectsTheEnd() async {
        _ = await appearAndLoad()
        var second: PageRequest<Int>!
        tester.send(.lastRowsAppeared) { second = $0.users.beginNextPage() }
        tester.send(.lastRowsAppeared)   // a page in flight: nothing
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(second, with: Page(items: Array(Self.users[20..<40]), nextCursor: 3))
            $0.visibleUsers = Array(Self.users[0..<40])
        }
        var third: PageRequest<Int>!
        tester.send(.lastRowsAppeared) { third = $0.users.beginNextPage() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(third, with: Page(items: Array(Self.users[40..<45]), nextCursor: nil))
            $0.visibleUsers = Self.users
        }
        tester.send(.lastRowsAppeared)   // the end: nothing

        #expect(repository.calls.filter { $0.hasPrefix("users") }.count == 3)
        #expect(tester.state.users.hasReachedEnd)
        await tester.finish()
    }

    @Test func searchFiltersLoadedRowsAtOnceThenAsksTheServerAfter300ms() async {
        _ = await appearAndLoad()
        let localJose = Self.users[0..<20].filter { $0.name.hasPrefix("José") }

        tester.send(.searchTextChanged("JOSE")) {
            $0.searchText = "JOSE"
            $0.visibleUsers = Array(localJose)   // diacritic- and case-insensitive, instantly
        }
        await tester.advance(by: .milliseconds(299))
        var request: PageRequest<Int>!
        await tester.advance(by: .milliseconds(1))
        await tester.receive {
            $0.loadedQuery = .init(text: "JOSE", filter: .all)
            request = $0.users.beginRefresh()
        }
        await tester.advance(by: .milliseconds(100))
        let serverJose = Self.users.filter { $0.name.hasPrefix("José") }
        await tester.receive {
            $0.users.complete(request, with: Page(items: serverJose, nextCursor: nil))
            $0.visibleUsers = serverJose
        }
        #expect(repository.calls.last == #"users(page: 1, q: "JOSE", all)"#)
        await tester.finish()
    }

    @Test func theLatestSearchWinsAndAnOlderAnswerNeverLands() async {
        _ = await appearAndLoad()
        repository.slowQueries = ["ann": .seconds(1)]   // "ann" answers after "bob" would
        tester.send(.searchTextChanged("ann")) {
            $0.searchText = "ann"
            $0.visibleUsers = Self.users[0..<20].filter { $0.name == "Ann Lee" }
        }
        await tester.advance(by: .milliseconds(300))
        await tester.receive {
            $0.loadedQuery = .init(text: "ann", filter: .all)
            _ = $0.users.beginRefresh()
        }
        await tester.advance(by: .milliseconds(50))
        tester.send(.searchTextChanged("bob")) {
            $0.searchText = "bob"
            $0.visibleUsers = Self.users[0..<20].filter { $0.name == "Bob Smith" }
        }
        await tester.advance(by: .milliseconds(300))
        var second: PageRequest<Int>!
        await tester.receive {
            $0.loadedQuery = .init(text: "bob", filter: .all)
            second = $0.users.beginRefresh()
        }
        await tester.advance(by: .milliseconds(100))
        let bobs = Self.users.filter { $0.name == "Bob Smith" }
        await tester.receive {
            $0.users.complete(second, with: Page(items: bobs, nextCursor: nil))
            $0.visibleUsers = bobs
        }
        await tester.advance(by: .seconds(2))   // "ann"'s answer would have come by now

        #expect(tester.state.visibleUsers == bobs)
        await tester.finish()
    }

    @Test func aFilterAppliesLocallyAtOnceAndReloadsFromTheServer() async {
        _ = await appearAndLoad()
        var request: PageRequest<Int>!
        tester.send(.filterSelected(.inactive)) {
            $0.filter = .inactive
            $0.visibleUsers = Self.users[0..<20].filter { !$0.isActive }
            $0.loadedQuery = .init(text: "", filter: .inactive)
            request = $0.users.beginRefresh()
        }
        await tester.advance(by: .milliseconds(100))
        let inactive = Self.users.filter { !$0.isActive }
        await tester.receive {
            $0.users.complete(request, with: Page(items: inactive, nextCursor: nil))
            $0.visibleUsers = inactive
        }
        await tester.finish()
    }

    @Test func aSearchThatMatchesNothingShowsTheEmptyState() async {
        _ = await appearAndLoad()
        tester.send(.searchTextChanged("zzz")) { $0.searchText = "zzz"; $0.visibleUsers = [] }
        await tester.advance(by: .milliseconds(300))
        var request: PageRequest<Int>!
        await tester.receive { $0.loadedQuery = .init(text: "zzz", filter: .all); request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.users.complete(request, with: Page(items: [], nextCursor: nil)) }

        #expect(tester.state.showsEmptyState)
        await tester.finish()
    }

    @Test func aFailedPageShowsTheErrorAndRetryLoadsTheSamePage() async {
        repository.fail(.users, with: .noInternet)
        var request: PageRequest<Int>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.activeCount = 30 }
        let offline = ErrorPresentation(UserError.noInternet)
        await tester.receive { $0.users.fail(request, with: offline) }
        #expect(tester.state.loadFailure?.message == "サーバーに接続できません。接続を確認して、もう一度お試しください。")
        #expect(tester.state.loadFailure?.isRetryable == true)

        repository.fail(.users, with: nil)
        var retry: PageRequest<Int>!
        tester.send(.retryTapped) { retry = $0.users.beginRetry() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(retry, with: Page(items: Array(Self.users[0..<20]), nextCursor: 2))
            $0.visibleUsers = Array(Self.users[0..<20])
        }
        #expect(analytics.events == [.error(message: offline.message), .viewed(count: 45)])
        await tester.finish()
    }

    @Test func toggleIsOptimisticAndSaved() async {
        _ = await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 1)) {
            $0.pendingUserIDs = [1]
            $0.setActive(false, userID: 1)
            $0.visibleUsers = $0.users.items
        }
        #expect(tester.state.activeCount == 29)
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = [] }

        #expect(analytics.events.last == .toggled(userID: 1, isActive: false))
        #expect(repository.calls.last == "setActive(false, 1)")
        await tester.finish()
    }

    @Test func aFailedToggleRollsBackAndTheSameErrorTwiceShowsOneAlert() async {
        _ = await appearAndLoad()
        repository.fail(.setActive, with: .server)
        tester.send(.toggleActiveTapped(userID: 1)) { $0.pendingUserIDs = [1]; $0.setActive(false, userID: 1); $0.visibleUsers = $0.users.items }
        tester.send(.toggleActiveTapped(userID: 2)) { $0.pendingUserIDs = [1, 2]; $0.setActive(false, userID: 2); $0.visibleUsers = $0.users.items }
        await tester.advance(by: .milliseconds(200))
        let failure = ErrorPresentation(UserError.server)
        await tester.receive { $0.pendingUserIDs = [2]; $0.setActive(true, userID: 1); $0.visibleUsers = $0.users.items; $0.alerts.enqueue(failure) }
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = []; $0.setActive(true, userID: 2); $0.visibleUsers = $0.users.items }

        #expect(tester.state.alerts.pending.count == 1)
        #expect(tester.state.activeCount == 30)
        let id = tester.state.alerts.current!.id
        tester.send(.alertDismissed(id: id)) { $0.alerts.dismiss(id) }
        tester.send(.alertDismissed(id: id))   // a late second dismiss: nothing
        await tester.finish()
    }

    @Test func aToggleAnswerFindsItsRowByIdEvenAfterTheRowsMoved() async {
        _ = await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 5)) { $0.pendingUserIDs = [5]; $0.setActive(false, userID: 5); $0.visibleUsers = $0.users.items }
        tester.send(.deleteConfirmed(userID: 2)) {   // row 5 moves up while its toggle is saved
            $0.pendingUserIDs = [5, 2]
            $0.users.updateItems { $0.removeAll { $0.id == 2 } }
            $0.activeCount = 28
            $0.visibleUsers = $0.users.items
        }
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = [2] }
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = [] }

        #expect(tester.state.users.items.first { $0.id == 5 }?.isActive == false)
        #expect(tester.state.users.items.first { $0.id == 4 }?.isActive == true)
        await tester.finish()
    }

    @Test func aFailedDeleteRestoresTheRowWhereItWas() async {
        _ = await appearAndLoad()
        repository.fail(.delete, with: .noInternet)
        let original = tester.state.users.items
        tester.send(.deleteConfirmed(userID: 3)) {   // user 3 is inactive: the count stays
            $0.pendingUserIDs = [3]
            $0.users.updateItems { $0.removeAll { $0.id == 3 } }
            $0.visibleUsers = $0.users.items
        }
        await tester.advance(by: .milliseconds(200))
        await tester.receive {
            $0.pendingUserIDs = []
            $0.users.updateItems { $0 = original }
            $0.visibleUsers = original
            $0.alerts.enqueue(ErrorPresentation(UserError.noInternet))
        }
        await tester.finish()
    }

    @Test func aWriteSavedOnAnotherScreenShowsInTheRowsAndCountsWithoutAReload() async {
        _ = await appearAndLoad()   // 30 active
        tester.viewModel.disappear()   // the detail is pushed over the list
        var user4 = Self.users[3]
        user4.isActive = false
        changes.post(.saved(user4))
        await tester.receive { $0.setActive(false, userID: 4); $0.visibleUsers = $0.users.items }
        #expect(tester.state.activeCount == 29)
        changes.post(.deleted(userID: 5))
        await tester.receive {
            $0.users.updateItems { $0.removeAll { $0.id == 5 } }
            $0.moveActiveCount(by: -1)
            $0.visibleUsers = $0.users.items
        }
        tester.viewModel.appear()   // back on the list: nothing to load
        #expect(tester.state.activeCount == 28)
        #expect(repository.calls == [#"users(page: 1, q: "", all)"#, "stats"])
        await tester.finish()
    }

    @Test func aChangeToARowNotLoadedAsksForTheCountsOnReturn() async {
        _ = await appearAndLoad()
        tester.viewModel.disappear()
        changes.post(.gone(userID: 44))   // a deep-linked detail found user 44 gone
        repository.deleteElsewhere(44)
        tester.viewModel.appear()
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.activeCount = 29 }
        #expect(repository.calls == [#"users(page: 1, q: "", all)"#, "stats", "stats"])
        await tester.finish()
    }

    @Test func aPullToRefreshOverTheRowsSaysItIsRefreshingUntilThePageArrives() async {
        _ = await appearAndLoad()
        var refresh: PageRequest<Int>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        #expect(tester.state.visibleUsers.count == 20, "the rows stay while refreshing")
        await tester.advance(by: .milliseconds(100))   // the counts (unchanged) and the page
        await tester.receive {
            $0.users.complete(refresh, with: Page(items: Array(Self.users[0..<20]), nextCursor: 2))
            $0.isRefreshing = false
        }
        await tester.finish()
    }

    @Test func aFailedRefreshEndsRefreshingAndKeepsTheRows() async {
        _ = await appearAndLoad()
        repository.fail(.users, with: .server)
        var refresh: PageRequest<Int>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.fail(refresh, with: ErrorPresentation(UserError.server))
            $0.isRefreshing = false
        }
        #expect(tester.state.visibleUsers.count == 20)
        await tester.finish()
    }

    @Test func aPageReadBeforeAToggleLandedNeverUndoesIt() async {
        _ = await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 4)) { $0.pendingUserIDs = [4]; $0.setActive(false, userID: 4); $0.visibleUsers = $0.users.items }
        await tester.advance(by: .milliseconds(150))
        var refresh: PageRequest<Int>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }   // the server reads user 4 as active
        await tester.advance(by: .milliseconds(50))   // the toggle lands; the counts read before it are asked again
        await tester.receive {
            $0.pendingUserIDs = []
        }
        await tester.advance(by: .milliseconds(50))   // the page read before the toggle arrives
        await tester.receive {
            $0.users.complete(refresh, with: Page(items: $0.users.items, nextCursor: 2))
            $0.isRefreshing = false
        }
        #expect(tester.state.users.items.first { $0.id == 4 }?.isActive == false)
        #expect(tester.state.activeCount == 29)
        await tester.finish()
    }

    @Test func aPageReadBeforeADeleteLandedNeverBringsTheRowBack() async {
        _ = await appearAndLoad()
        tester.send(.deleteConfirmed(userID: 3)) {
            $0.pendingUserIDs = [3]
            $0.users.updateItems { $0.removeAll { $0.id == 3 } }
            $0.visibleUsers = $0.users.items
        }
        await tester.advance(by: .milliseconds(150))
        var refresh: PageRequest<Int>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.pendingUserIDs = [] }
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.users.complete(refresh, with: Page(items: $0.users.items, nextCursor: 2)); $0.isRefreshing = false }
        #expect(!tester.state.users.items.contains { $0.id == 3 })
        await tester.finish()
    }

    @Test func aFilterCalledOffByDisappearingIsLoadedWhenTheScreenComesBack() async {
        _ = await appearAndLoad()
        var request: PageRequest<Int>!
        tester.send(.filterSelected(.inactive)) {
            $0.filter = .inactive
            $0.visibleUsers = Self.users[0..<20].filter { !$0.isActive }
            $0.loadedQuery = .init(text: "", filter: .inactive)
            request = $0.users.beginRefresh()
        }
        tester.disappear {
            $0.users.cancel(request)
            $0.loadedQuery = .init(text: "", filter: .all)   // the rows still answer "all"
        }
        tester.appear {
            $0.loadedQuery = .init(text: "", filter: .inactive)
            request = $0.users.beginRefresh()
        }
        await tester.advance(by: .milliseconds(100))
        let inactive = Self.users.filter { !$0.isActive }
        await tester.receive {
            $0.users.complete(request, with: Page(items: inactive, nextCursor: nil))
            $0.visibleUsers = inactive
        }
        await tester.finish()
    }

    @Test func countsThatArriveWhileAToggleIsPendingAreAskedAgainWhenItLands() async {
        _ = await appearAndLoad()   // 30 active
        tester.send(.toggleActiveTapped(userID: 4)) { $0.pendingUserIDs = [4]; $0.setActive(false, userID: 4); $0.visibleUsers = $0.users.items }
        var refresh: PageRequest<Int>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.activeCount = 30 }   // read before the toggle landed
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.users.complete(refresh, with: Page(items: $0.users.items, nextCursor: 2)); $0.isRefreshing = false }   // user 4 stays as toggled
        await tester.advance(by: .milliseconds(100))   // the toggle lands: the counts are asked again
        await tester.receive { $0.pendingUserIDs = [] }
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.activeCount = 29 }
        await tester.finish()
    }

    @Test func aRowBeingToggledComesBackAsToggledWhenASearchBringsItBack() async {
        _ = await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 4)) { $0.pendingUserIDs = [4]; $0.setActive(false, userID: 4); $0.visibleUsers = $0.users.items }
        var request: PageRequest<Int>!
        tester.send(.filterSelected(.active)) {   // user 4 is inactive now: it leaves the list
            $0.filter = .active
            $0.visibleUsers = $0.users.items.filter(\.isActive)
            $0.loadedQuery = .init(text: "", filter: .active)
            request = $0.users.beginRefresh()
        }
        await tester.advance(by: .milliseconds(100))   // the server still has user 4 active
        await tester.receive {
            let rows = Self.users.filter(\.isActive).prefix(20).map { user in
                var row = user
                if row.id == 4 { row.isActive = false }   // shown as the user asked, not dropped
                return row
            }
            $0.users.complete(request, with: Page(items: Array(rows), nextCursor: 2))
            $0.visibleUsers = rows.filter(\.isActive)
        }
        #expect(tester.state.users.items.contains { $0.id == 4 && !$0.isActive })
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.pendingUserIDs = []
            $0.users.updateItems { items in
                if let index = items.firstIndex(where: { $0.id == 4 }) { items[index].isActive = false }
            }
        }
        await tester.finish()
    }

    @Test func disappearingMidFirstPageThenAppearingShowsFreshRows() async {
        var request: PageRequest<Int>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        tester.viewModel.disappear()
        await tester.receive { $0.users.cancel(request) }   // no spinner waits for the return
        await tester.advance(by: .seconds(1))   // the cancelled answers never land
        #expect(tester.state.users.status == .idle)

        _ = await appearAndLoad()
        #expect(tester.state.visibleUsers == Array(Self.users[0..<20]))
        await tester.finish()
    }

    @Test func disappearingMidLoadMoreLeavesPagingWorkingOnReturn() async {
        _ = await appearAndLoad()
        var second: PageRequest<Int>!
        tester.send(.lastRowsAppeared) { second = $0.users.beginNextPage() }
        tester.viewModel.disappear()
        await tester.receive { $0.users.cancel(second) }
        #expect(tester.state.users.canLoadMore)

        tester.viewModel.appear()   // rows and counts are there: nothing to reload
        tester.send(.lastRowsAppeared) { second = $0.users.beginNextPage() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(second, with: Page(items: Array(Self.users[20..<40]), nextCursor: 3))
            $0.visibleUsers = Array(Self.users[0..<40])
        }
        await tester.finish()
    }

    @Test func disappearingMidRefreshKeepsTheRowsAndRefreshingAgainWorks() async {
        _ = await appearAndLoad()
        var refresh: PageRequest<Int>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        tester.viewModel.disappear()
        await tester.receive { $0.users.cancel(refresh); $0.isRefreshing = false }
        #expect(tester.state.users.items == Array(Self.users[0..<20]))

        tester.viewModel.appear()
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.users.complete(refresh, with: Page(items: Array(Self.users[0..<20]), nextCursor: 2)); $0.isRefreshing = false }
        await tester.finish()
    }

    @Test func disappearingMidRetryLetsTheRetryBeAskedForAgain() async {
        repository.fail(.users, with: .noInternet)
        var request: PageRequest<Int>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.activeCount = 30 }
        await tester.receive { $0.users.fail(request, with: ErrorPresentation(UserError.noInternet)) }
        repository.fail(.users, with: nil)
        var retry: PageRequest<Int>!
        tester.send(.retryTapped) { retry = $0.users.beginRetry() }
        tester.viewModel.disappear()
        await tester.receive { $0.users.cancel(retry) }

        tester.viewModel.appear()   // no page loaded yet: the first page again
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(request, with: Page(items: Array(Self.users[0..<20]), nextCursor: 2))
            $0.visibleUsers = Array(Self.users[0..<20])
        }
        await tester.finish()
    }
}
