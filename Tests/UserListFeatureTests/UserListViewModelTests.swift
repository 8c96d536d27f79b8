import MVVMCore
import MVVMData
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
    let app: TestRecords
    let tester: ViewModelTester<UserListViewModel>
    static let users = sampleUsers(45)

    init() {
        repository = StubUserRepository(users: Self.users, clock: clock)
        app = TestRecords(repository: repository, clock: clock)
        tester = ViewModelTester(UserListViewModel(repository: repository, records: app.records, analytics: analytics, clock: clock), clock: clock)
    }

    /// The first `count` users, or those in `range`.
    static func rows(_ range: Range<Int>) -> [User] { Array(users[range]) }

    /// The cursor of the page after `rows`.
    static func cursor(after rows: [User]) -> UserCursor { .after("u\(rows.last!.id)") }

    /// `rows` with the active flag of the users `ids` flipped.
    static func toggling(_ rows: [User], _ ids: Int...) -> [User] {
        rows.map { user in
            var row = user
            if ids.contains(user.id) { row.isActive.toggle() }
            return row
        }
    }

    /// Appears and receives the first page and the counts (on `tester`, or the suite's).
    func appearAndLoad(_ tester: ViewModelTester<UserListViewModel>? = nil) async {
        let tester = tester ?? self.tester
        var request: PageRequest<UserCursor>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.countedActive = 30; $0.activeCount = 30 }
        await tester.receive {
            $0.users.complete(request, with: Page(items: Self.rows(0..<20), nextCursor: .after("u20")))
            $0.visibleUsers = Self.rows(0..<20)
        }
    }

    @Test func appearingLoadsTheFirstPageAndTheActiveCount() async {
        await appearAndLoad()

        #expect(tester.state.title == "ユーザー (30)")
        #expect(analytics.events == [.viewed(count: 45)])
        #expect(repository.calls == [#"users(after: nil, q: "", all)"#, "stats"])
        #expect(app.records.value(for: 7) == Self.users[6], "the page is in the records every screen reads")
        await tester.finish()
    }

    @Test func loadMoreAsksForThePageAfterTheCursorOnceAndDetectsTheEnd() async {
        await appearAndLoad()
        var second: PageRequest<UserCursor>!
        tester.send(.lastRowsAppeared) { second = $0.users.beginNextPage() }
        tester.send(.lastRowsAppeared)   // a page in flight: nothing
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(second, with: Page(items: Self.rows(20..<40), nextCursor: .after("u40")))
            $0.visibleUsers = Self.rows(0..<40)
        }
        var third: PageRequest<UserCursor>!
        tester.send(.lastRowsAppeared) { third = $0.users.beginNextPage() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(third, with: Page(items: Self.rows(40..<45), nextCursor: nil))
            $0.visibleUsers = Self.users
        }
        tester.send(.lastRowsAppeared)   // the end: nothing

        #expect(repository.calls.filter { $0.hasPrefix("users") } == [
            #"users(after: nil, q: "", all)"#, #"users(after: u20, q: "", all)"#, #"users(after: u40, q: "", all)"#,
        ])
        #expect(tester.state.users.hasReachedEnd)
        await tester.finish()
    }

    @Test func rowsDeletedElsewhereBeforeTheNextPageNeverMakeTheListSkipAUser() async {
        await appearAndLoad()
        for id in [2, 5, 9] { repository.deleteElsewhere(id) }   // three rows of page 1
        var second: PageRequest<UserCursor>!
        tester.send(.lastRowsAppeared) { second = $0.users.beginNextPage() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(second, with: Page(items: Self.rows(20..<40), nextCursor: .after("u40")))
            $0.visibleUsers = Self.rows(0..<40)
        }
        #expect(tester.state.visibleUsers.map(\.id).contains(21), "user 21 would be skipped by offset paging")
        await tester.finish()
    }

    @Test func searchFiltersLoadedRowsAtOnceThenAsksTheServerAfter300ms() async {
        await appearAndLoad()
        let localJose = Self.rows(0..<20).filter { $0.name.hasPrefix("José") }

        tester.send(.searchTextChanged("JOSE")) {
            $0.searchText = "JOSE"
            $0.visibleUsers = localJose   // diacritic- and case-insensitive, instantly
        }
        await tester.advance(by: .milliseconds(299))
        var request: PageRequest<UserCursor>!
        await tester.advance(by: .milliseconds(1))
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        let serverJose = Self.users.filter { $0.name.hasPrefix("José") }
        await tester.receive {
            $0.loadedQuery = .init(text: "JOSE", filter: .all)   // what the rows answer, once they arrive
            $0.users.complete(request, with: Page(items: serverJose, nextCursor: nil))
            $0.visibleUsers = serverJose
        }
        #expect(repository.calls.last == #"users(after: nil, q: "JOSE", all)"#)
        await tester.finish()
    }

    @Test func theLatestSearchWinsAndAnOlderAnswerNeverLands() async {
        await appearAndLoad()
        repository.slowQueries = ["ann": .seconds(1)]   // "ann" answers after "bob" would
        tester.send(.searchTextChanged("ann")) {
            $0.searchText = "ann"
            $0.visibleUsers = Self.rows(0..<20).filter { $0.name == "Ann Lee" }
        }
        await tester.advance(by: .milliseconds(300))
        await tester.receive { _ = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(50))
        tester.send(.searchTextChanged("bob")) {
            $0.searchText = "bob"
            $0.visibleUsers = Self.rows(0..<20).filter { $0.name == "Bob Smith" }
        }
        await tester.advance(by: .milliseconds(300))
        var second: PageRequest<UserCursor>!
        await tester.receive { second = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        let bobs = Self.users.filter { $0.name == "Bob Smith" }
        await tester.receive {
            $0.loadedQuery = .init(text: "bob", filter: .all)
            $0.users.complete(second, with: Page(items: bobs, nextCursor: nil))
            $0.visibleUsers = bobs
        }
        await tester.advance(by: .seconds(2))   // "ann"'s answer would have come by now

        #expect(tester.state.visibleUsers == bobs)
        await tester.finish()
    }

    @Test func aFilterAppliesLocallyAtOnceAndReloadsFromTheServer() async {
        await appearAndLoad()
        var request: PageRequest<UserCursor>!
        tester.send(.filterSelected(.inactive)) {
            $0.filter = .inactive
            $0.visibleUsers = Self.rows(0..<20).filter { !$0.isActive }
            request = $0.users.beginRefresh()
        }
        await tester.advance(by: .milliseconds(100))
        let inactive = Self.users.filter { !$0.isActive }
        await tester.receive {
            $0.loadedQuery = .init(text: "", filter: .inactive)
            $0.users.complete(request, with: Page(items: inactive, nextCursor: nil))
            $0.visibleUsers = inactive
        }
        await tester.finish()
    }

    @Test func aSearchThatMatchesNothingShowsTheEmptyState() async {
        await appearAndLoad()
        tester.send(.searchTextChanged("zzz")) { $0.searchText = "zzz"; $0.visibleUsers = [] }
        await tester.advance(by: .milliseconds(300))
        var request: PageRequest<UserCursor>!
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.loadedQuery = .init(text: "zzz", filter: .all); $0.users.complete(request, with: Page(items: [], nextCursor: nil)) }

        #expect(tester.state.showsEmptyState)
        await tester.finish()
    }

    @Test func aFailedPageShowsTheErrorAndRetryLoadsTheSamePage() async {
        repository.fail(.users, with: .noInternet)
        var request: PageRequest<UserCursor>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.countedActive = 30; $0.activeCount = 30 }
        let offline = ErrorPresentation(UserError.noInternet)
        await tester.receive { $0.users.fail(request, with: offline) }
        #expect(tester.state.loadFailure?.message == "サーバーに接続できません。接続を確認して、もう一度お試しください。")
        #expect(tester.state.loadFailure?.isRetryable == true)

        repository.fail(.users, with: nil)
        var retry: PageRequest<UserCursor>!
        tester.send(.retryTapped) { retry = $0.users.beginRetry() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(retry, with: Page(items: Self.rows(0..<20), nextCursor: .after("u20")))
            $0.visibleUsers = Self.rows(0..<20)
        }
        #expect(analytics.events == [.error(message: offline.message), .viewed(count: 45)])
        await tester.finish()
    }

    @Test func aToggleIsPendingAtOnceShowsOnceOnDiskAndTheCountStaysWhenTheServerTakesIt() async {
        await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 1)) { $0.pendingUserIDs = [1] }   // marked pending at once
        await tester.receive {   // on disk: the toggle shows, and the count with it
            $0.visibleUsers = Self.toggling(Self.rows(0..<20), 1)
            $0.activeCount = 29
        }
        #expect(await repository.waitForWrites(1))
        await tester.advance(by: .milliseconds(200))   // the server takes it
        await tester.receive { $0.pendingUserIDs = []; $0.countedActive = 29 }
        await tester.advance(by: .milliseconds(50))    // the counts, read again, agree: no change

        #expect(analytics.events.last == .toggled(userID: 1, isActive: false))
        #expect(repository.calls.suffix(2) == ["setActive(false, 1)", "stats"])
        #expect(repository.idempotencyKeys.count == 1)
        await tester.finish()
    }

    @Test func aRefusedToggleRollsBackAndTheSameErrorTwiceShowsOneAlert() async {
        await appearAndLoad()
        repository.fail(.setActive, with: .unauthorized)
        tester.send(.toggleActiveTapped(userID: 1)) { $0.pendingUserIDs = [1] }
        tester.send(.toggleActiveTapped(userID: 2)) { $0.pendingUserIDs = [1, 2] }
        await tester.receive { $0.visibleUsers = Self.toggling(Self.rows(0..<20), 1); $0.activeCount = 29 }
        await tester.receive { $0.visibleUsers = Self.toggling(Self.rows(0..<20), 1, 2); $0.activeCount = 28 }
        #expect(await repository.waitForWrites(1))
        await tester.advance(by: .milliseconds(200))
        let refusal = ErrorPresentation(UserError.unauthorized)
        await tester.receive { $0.pendingUserIDs = [2]; $0.visibleUsers = Self.toggling(Self.rows(0..<20), 2); $0.activeCount = 29 }
        await tester.receive { $0.navigation.present(Alert(refusal, dismiss: .navigation(.dismiss))) }
        #expect(await repository.waitForWrites(2))
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = []; $0.visibleUsers = Self.rows(0..<20); $0.activeCount = 30 }

        // The second refusal presented the same alert: still one, and its OK closes it.
        #expect(tester.state.navigation.modal?.buttons.map(\.label) == ["OK"])
        tester.send(.navigation(.dismiss)) { $0.navigation.handle(.dismiss) }
        tester.send(.navigation(.dismiss))   // a late second press: nothing
        await tester.finish()
    }

    @Test func aWriteTheDeviceCannotKeepRollsBackWithOneAlertAndIsNeverSent() async {
        let storage = InMemoryOutboxStorage()
        await storage.simulateFailures(append: .io("read-only folder"), markDone: nil)
        let readOnly = TestRecords(repository: repository, storage: storage)
        let tester = ViewModelTester(UserListViewModel(repository: repository, records: readOnly.records, clock: clock), clock: clock)
        await appearAndLoad(tester)

        tester.send(.toggleActiveTapped(userID: 1)) { $0.pendingUserIDs = [1] }
        // Not kept: the toggle never shows (the row and the count stay), and it is pending no more.
        await tester.receive { $0.pendingUserIDs = [] }
        await tester.receive { $0.navigation.present(Alert(ErrorPresentation(UserError.storage), dismiss: .navigation(.dismiss))) }
        #expect(tester.state.visibleUsers == Self.rows(0..<20))
        #expect(tester.state.activeCount == 30)
        #expect(tester.state.navigation.modal?.message == "変更をこの端末に保存できませんでした。空き容量と保存先を確認してください。")
        await tester.advance(by: .seconds(1))
        #expect(!repository.calls.contains { $0.hasPrefix("setActive") }, "never sent")
        await tester.finish()
    }

    @Test func aSecondTapWhileAWriteIsPendingDoesNothing() async {
        await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 1)) { $0.pendingUserIDs = [1] }
        tester.send(.toggleActiveTapped(userID: 1))   // pending, not on disk yet: nothing
        tester.send(.deleteTapped(userID: 1))   // pending: no confirmation
        tester.send(.deleteConfirmed(userID: 1))
        await tester.receive { $0.visibleUsers = Self.toggling(Self.rows(0..<20), 1); $0.activeCount = 29 }
        tester.send(.toggleActiveTapped(userID: 1))   // pending, shown: nothing
        tester.send(.deleteTapped(userID: 1))         // nothing
        #expect(await repository.waitForWrites(1))
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = []; $0.countedActive = 29 }
        await tester.advance(by: .milliseconds(50))
        #expect(repository.calls.filter { !$0.hasPrefix("users") && $0 != "stats" } == ["setActive(false, 1)"])
        await tester.finish()
    }

    @Test func aRefusedDeleteBringsTheRowBackWhereItWas() async {
        await appearAndLoad()
        repository.fail(.delete, with: .unauthorized)
        tester.send(.deleteTapped(userID: 3)) { $0.navigation.present(.deleteConfirmation(of: Self.rows(0..<20).first { $0.id == 3 }!)) }
        tester.send(.deleteConfirmed(userID: 3)) {
            $0.navigation.handle(.dismiss)
            $0.pendingUserIDs = [3]
        }
        await tester.receive { $0.visibleUsers = Self.rows(0..<20).filter { $0.id != 3 } }   // on disk; user 3 is inactive: the count stays
        #expect(await repository.waitForWrites(1))
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = []; $0.visibleUsers = Self.rows(0..<20) }
        await tester.receive { $0.navigation.present(Alert(ErrorPresentation(UserError.unauthorized), dismiss: .navigation(.dismiss))) }
        await tester.finish()
    }

    @Test func aWriteMadeOnAnotherScreenShowsInTheRowsAndCountsWithoutAReload() async {
        await appearAndLoad()   // 30 active
        tester.viewModel.disappear()   // the detail is pushed over the list
        app.records.write(.setActive(false, userID: 4))   // the detail's toggle
        await tester.receive { $0.pendingUserIDs = [4] }
        await tester.receive { $0.visibleUsers = Self.toggling(Self.rows(0..<20), 4); $0.activeCount = 29 }
        #expect(await repository.waitForWrites(1))
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = []; $0.countedActive = 29 }
        await tester.advance(by: .milliseconds(50))
        app.records.write(.delete(userID: 5))
        await tester.receive { $0.pendingUserIDs = [5] }
        await tester.receive {
            $0.visibleUsers = Self.toggling(Self.rows(0..<20), 4).filter { $0.id != 5 }
            $0.activeCount = 28
        }
        #expect(await repository.waitForWrites(2))
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.pendingUserIDs = []; $0.countedActive = 28 }
        await tester.advance(by: .milliseconds(50))
        tester.viewModel.appear()   // back on the list: nothing to load
        #expect(repository.calls.filter { $0.hasPrefix("users") } == [#"users(after: nil, q: "", all)"#])
        await tester.finish()
    }

    @Test func aPullToRefreshOverTheRowsSaysItIsRefreshingUntilThePageArrives() async {
        await appearAndLoad()
        var refresh: PageRequest<UserCursor>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        #expect(tester.state.visibleUsers.count == 20, "the rows stay while refreshing")
        await tester.advance(by: .milliseconds(100))   // the counts (unchanged) and the page
        await tester.receive {
            $0.users.complete(refresh, with: Page(items: Self.rows(0..<20), nextCursor: .after("u20")))
            $0.isRefreshing = false
        }
        await tester.finish()
    }

    @Test func aFailedRefreshEndsRefreshingKeepsTheRowsAndShowsTheErrorAlert() async {
        await appearAndLoad()
        repository.fail(.users, with: .server)
        var refresh: PageRequest<UserCursor>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        await tester.advance(by: .milliseconds(100))
        let failure = ErrorPresentation(UserError.server)
        await tester.receive {
            $0.users.fail(refresh, with: failure)
            $0.isRefreshing = false
            $0.navigation.present(.pageFailure(failure))
        }
        #expect(tester.state.visibleUsers.count == 20)
        #expect(tester.state.navigation.modal?.title == "エラー")
        #expect(tester.state.navigation.modal?.buttons.map(\.label) == ["OK", "再試行"])

        // OK closes it; the rows stay.
        tester.send(.navigation(.dismiss)) { $0.navigation.handle(.dismiss) }
        #expect(tester.state.visibleUsers.count == 20)
        await tester.finish()
    }

    @Test func aFurtherPageThatFailsShowsTheErrorAlertAndItsRetryLoadsThatPage() async {
        await appearAndLoad()
        repository.fail(.users, with: .noInternet)
        var next: PageRequest<UserCursor>!
        tester.send(.lastRowsAppeared) { next = $0.users.beginNextPage() }
        await tester.advance(by: .milliseconds(100))
        let failure = ErrorPresentation(UserError.noInternet)
        await tester.receive {
            $0.users.fail(next, with: failure)
            $0.navigation.present(.pageFailure(failure))
        }
        #expect(tester.state.visibleUsers == Self.rows(0..<20), "the rows stay")

        repository.fail(.users, with: nil)
        var retry: PageRequest<UserCursor>!
        tester.send(.retryTapped) {
            $0.navigation.handle(.dismiss)
            retry = $0.users.beginRetry()
        }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(retry, with: Page(items: Self.rows(20..<40), nextCursor: .after("u40")))
            $0.visibleUsers = Self.rows(0..<40)
        }
        #expect(repository.calls.filter { $0.hasPrefix("users") } == [
            #"users(after: nil, q: "", all)"#, #"users(after: u20, q: "", all)"#, #"users(after: u20, q: "", all)"#,
        ])
        #expect(analytics.events == [.viewed(count: 45), .error(message: failure.message)])
        await tester.finish()
    }

    @Test func aPageReadBeforeAToggleLandedNeverUndoesIt() async {
        await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 4)) { $0.pendingUserIDs = [4] }
        await tester.receive { $0.visibleUsers = Self.toggling(Self.rows(0..<20), 4); $0.activeCount = 29 }
        #expect(await repository.waitForWrites(1))
        await tester.advance(by: .milliseconds(120))
        var refresh: PageRequest<UserCursor>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }   // the server reads user 4 as active
        await tester.advance(by: .milliseconds(80))   // the toggle lands
        await tester.receive { $0.pendingUserIDs = []; $0.countedActive = 29 }
        await tester.advance(by: .milliseconds(20))   // the page read before it arrives
        await tester.receive {
            $0.users.complete(refresh, with: Page(items: Self.rows(0..<20), nextCursor: .after("u20")))
            $0.isRefreshing = false
        }
        #expect(tester.state.visibleUsers.first { $0.id == 4 }?.isActive == false)
        await tester.advance(by: .milliseconds(50))
        #expect(tester.state.activeCount == 29)
        await tester.finish()
    }

    @Test func aPageReadBeforeADeleteLandedNeverBringsTheRowBack() async {
        await appearAndLoad()
        tester.send(.deleteTapped(userID: 3)) { $0.navigation.present(.deleteConfirmation(of: Self.rows(0..<20).first { $0.id == 3 }!)) }
        tester.send(.deleteConfirmed(userID: 3)) {
            $0.navigation.handle(.dismiss)
            $0.pendingUserIDs = [3]
        }
        await tester.receive { $0.visibleUsers = Self.rows(0..<20).filter { $0.id != 3 } }
        #expect(await repository.waitForWrites(1))
        await tester.advance(by: .milliseconds(120))
        var refresh: PageRequest<UserCursor>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        await tester.advance(by: .milliseconds(80))
        await tester.receive { $0.pendingUserIDs = [] }
        await tester.advance(by: .milliseconds(20))
        await tester.receive {
            $0.users.complete(refresh, with: Page(items: Self.rows(0..<20), nextCursor: .after("u20")))
            $0.isRefreshing = false
        }
        #expect(!tester.state.visibleUsers.contains { $0.id == 3 })
        await tester.advance(by: .milliseconds(50))
        await tester.finish()
    }

    @Test func aFilterCalledOffByDisappearingIsLoadedWhenTheScreenComesBack() async {
        await appearAndLoad()
        var request: PageRequest<UserCursor>!
        tester.send(.filterSelected(.inactive)) {
            $0.filter = .inactive
            $0.visibleUsers = Self.rows(0..<20).filter { !$0.isActive }
            request = $0.users.beginRefresh()
        }
        tester.disappear { $0.users.cancel(request) }   // the rows still answer "all"
        tester.appear { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        let inactive = Self.users.filter { !$0.isActive }
        await tester.receive {
            $0.loadedQuery = .init(text: "", filter: .inactive)
            $0.users.complete(request, with: Page(items: inactive, nextCursor: nil))
            $0.visibleUsers = inactive
        }
        await tester.finish()
    }

    @Test func aSearchCalledOffByLeavingIsAskedForOnReturnEvenAfterARefresh() async {
        await appearAndLoad()
        tester.send(.searchTextChanged("ann")) {
            $0.searchText = "ann"
            $0.visibleUsers = Self.rows(0..<20).filter { $0.name == "Ann Lee" }
        }
        await tester.advance(by: .milliseconds(300))
        var request: PageRequest<UserCursor>!
        await tester.receive { request = $0.users.beginRefresh() }
        tester.send(.refreshPulled) { request = $0.users.beginRefresh(); $0.isRefreshing = true }
        tester.disappear { $0.users.cancel(request); $0.isRefreshing = false }
        #expect(tester.state.loadedQuery == .init(), "the rows still answer the empty search")

        tester.appear { request = $0.users.beginRefresh() }   // so "ann" is asked for again
        await tester.advance(by: .milliseconds(100))
        let anns = Self.users.filter { $0.name == "Ann Lee" }
        await tester.receive {
            $0.loadedQuery = .init(text: "ann", filter: .all)
            $0.users.complete(request, with: Page(items: anns, nextCursor: nil))
            $0.visibleUsers = anns
        }
        await tester.finish()
    }

    @Test func aRowBeingToggledStaysAsToggledWhenAFilterReloadsIt() async {
        await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 4)) { $0.pendingUserIDs = [4] }
        await tester.receive { $0.visibleUsers = Self.toggling(Self.rows(0..<20), 4); $0.activeCount = 29 }
        var request: PageRequest<UserCursor>!
        tester.send(.filterSelected(.active)) {   // user 4 is inactive now: it leaves the list
            $0.filter = .active
            $0.visibleUsers = Self.toggling(Self.rows(0..<20), 4).filter(\.isActive)
            request = $0.users.beginRefresh()
        }
        #expect(await repository.waitForWrites(1))
        await tester.advance(by: .milliseconds(100))   // the server still has user 4 active
        let activePage = Array(Self.users.filter(\.isActive).prefix(20))
        await tester.receive {
            $0.loadedQuery = .init(text: "", filter: .active)
            $0.users.complete(request, with: Page(items: activePage, nextCursor: Self.cursor(after: activePage)))
            $0.visibleUsers = activePage.filter { $0.id != 4 }   // shown as the user asked, so filtered out
        }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.pendingUserIDs = []; $0.countedActive = 29 }
        await tester.advance(by: .milliseconds(50))
        await tester.finish()
    }

    @Test func disappearingMidFirstPageThenAppearingShowsFreshRows() async {
        var request: PageRequest<UserCursor>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        tester.viewModel.disappear()
        await tester.receive { $0.users.cancel(request) }   // no spinner waits for the return
        await tester.advance(by: .seconds(1))   // the cancelled answers never land
        #expect(tester.state.users.status == .idle)

        await appearAndLoad()
        #expect(tester.state.visibleUsers == Self.rows(0..<20))
        await tester.finish()
    }

    @Test func disappearingMidLoadMoreLeavesPagingWorkingOnReturn() async {
        await appearAndLoad()
        var second: PageRequest<UserCursor>!
        tester.send(.lastRowsAppeared) { second = $0.users.beginNextPage() }
        tester.viewModel.disappear()
        await tester.receive { $0.users.cancel(second) }
        #expect(tester.state.users.canLoadMore)

        tester.viewModel.appear()   // rows and counts are there: nothing to reload
        tester.send(.lastRowsAppeared) { second = $0.users.beginNextPage() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(second, with: Page(items: Self.rows(20..<40), nextCursor: .after("u40")))
            $0.visibleUsers = Self.rows(0..<40)
        }
        await tester.finish()
    }

    @Test func disappearingMidRefreshKeepsTheRowsAndRefreshingAgainWorks() async {
        await appearAndLoad()
        var refresh: PageRequest<UserCursor>!
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        tester.viewModel.disappear()
        await tester.receive { $0.users.cancel(refresh); $0.isRefreshing = false }
        #expect(tester.state.users.items == Self.rows(0..<20))

        tester.viewModel.appear()
        tester.send(.refreshPulled) { refresh = $0.users.beginRefresh(); $0.isRefreshing = true }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(refresh, with: Page(items: Self.rows(0..<20), nextCursor: .after("u20")))
            $0.isRefreshing = false
        }
        await tester.finish()
    }

    @Test func disappearingMidRetryLetsTheRetryBeAskedForAgain() async {
        repository.fail(.users, with: .noInternet)
        var request: PageRequest<UserCursor>!
        tester.viewModel.appear()
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive { $0.countedActive = 30; $0.activeCount = 30 }
        await tester.receive { $0.users.fail(request, with: ErrorPresentation(UserError.noInternet)) }
        repository.fail(.users, with: nil)
        var retry: PageRequest<UserCursor>!
        tester.send(.retryTapped) { retry = $0.users.beginRetry() }
        tester.viewModel.disappear()
        await tester.receive { $0.users.cancel(retry) }

        tester.viewModel.appear()   // no page loaded yet: the first page again
        await tester.receive { request = $0.users.beginRefresh() }
        await tester.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.complete(request, with: Page(items: Self.rows(0..<20), nextCursor: .after("u20")))
            $0.visibleUsers = Self.rows(0..<20)
        }
        await tester.finish()
    }
}
