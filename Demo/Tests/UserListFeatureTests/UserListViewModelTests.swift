import MVVMCollections
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
@testable import UserListFeature

/// Exhaustive scripts of the Observation/event binding: every state change is asserted.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
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
        tester = ViewModelTester(UserListViewModel(repository: repository, records: app.records, analytics: analytics), clock: clock)
    }

    /// The users in `range` (indices, not ids).
    static func rows(_ range: Range<Int>) -> [User] { Array(users[range]) }

    /// The rows of the first page, as shown with nothing pending.
    static let firstPage = rows(0..<20).live

    /// User `id` with its active flag flipped.
    static func toggled(_ id: Int) -> User {
        var user = users[id - 1]
        user.isActive.toggle()
        return user
    }

    /// Appears and receives the first page and the counts (on `tester`, or the suite's).
    func appearAndLoad(_ tester: ViewModelTester<UserListViewModel>? = nil) async {
        let tester = tester ?? self.tester
        tester.viewModel.appear()
        await tester.receive { $0.users.refresh = .loading }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.users.counts = [.active: 30] }
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.nextPage = .idle
            $0.users.rows = ChunkedArray(Self.firstPage)
            $0.users.origin = .network
        }
    }

    @Test func theRepositoryAndThePicturesComeFromDependenciesWithoutAnInitializerArgument() async {
        let tester = ViewModelTester(
            Dependencies.with { $0.users = repository } operation: { UserListViewModel(records: app.records, analytics: analytics) },
            clock: clock
        )
        await appearAndLoad(tester)
        #expect(tester.state.visibleUsers == Self.rows(0..<20), "the stub set in Dependencies answered")
        tester.disappear()
        await tester.finish()
    }

    @Test func anAppThatSetsNoRepositoryGetsOneThatFailsNotOneThatIsEmpty() async {
        let app = Dependencies()   // the values an app sees, not a test's
        await #expect(throws: UserError.unknown) { try await app.users.stats() }
        await #expect(throws: UserError.unknown) { _ = try await app.users.users(after: nil, size: 20, query: "", filter: .all) }
        #expect(app.userRecords == nil, "the app keeps its records in memory")
        #expect(app.avatars == nil, "no pictures: rows show initials")
    }

    @Test func appearingLoadsTheFirstPageAndTheActiveCount() async {
        await appearAndLoad()

        #expect(tester.state.title.resolved(in: .japanese) == "ユーザー (有効 30)")
        #expect(tester.state.visibleUsers == Self.rows(0..<20))
        #expect(!tester.state.isLoadingFirstPage && tester.state.savedDataNotice == nil)
        #expect(analytics.events == [.viewed(count: 45)])
        #expect(repository.calls == [#"users(after: nil, q: "", all)"#, "stats"])
        #expect(app.records.value(for: 7) == Self.users[6], "the page is in the records every screen reads")
        await tester.finish()
    }

    @Test func loadMoreAsksForThePageAfterTheCursorOnceAndDetectsTheEnd() async {
        await appearAndLoad()
        tester.send(.lastRowsAppeared) { $0.users.nextPage = .loading }
        #expect(tester.state.isLoadingMore)
        tester.send(.lastRowsAppeared)   // a page in flight: nothing
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.nextPage = .loaded
            $0.users.rows = ChunkedArray(Self.rows(0..<40).live)
        }
        tester.send(.lastRowsAppeared) { $0.users.nextPage = .loading }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.nextPage = .reachedEnd
            $0.users.rows = ChunkedArray(Self.users.live)
        }
        tester.send(.lastRowsAppeared)   // the end: nothing

        #expect(repository.calls.filter { $0.hasPrefix("users") } == [
            #"users(after: nil, q: "", all)"#, #"users(after: u20, q: "", all)"#, #"users(after: u40, q: "", all)"#,
        ])
        #expect(!tester.state.isLoadingMore)
        await tester.finish()
    }

    @Test func rowsDeletedElsewhereBeforeTheNextPageNeverMakeTheListSkipAUser() async {
        await appearAndLoad()
        for id in [2, 5, 9] { repository.deleteElsewhere(id) }   // three rows of page 1
        tester.send(.lastRowsAppeared) { $0.users.nextPage = .loading }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.nextPage = .loaded
            $0.users.rows = ChunkedArray(Self.rows(0..<40).live)
        }
        #expect(tester.state.visibleUsers.map(\.id).contains(21), "user 21 would be skipped by offset paging")
        #expect(Set(tester.state.visibleUsers.map(\.id)).count == 40, "no row shows twice")
        await tester.finish()
    }

    @Test func searchFiltersLoadedRowsAtOnceThenAsksTheServerAfter300ms() async {
        await appearAndLoad()
        let localJose = Self.rows(0..<20).filter { $0.name.hasPrefix("José") }

        tester.send(.searchTextChanged("JOSE")) {
            $0.searchText = "JOSE"
            $0.users.rows = ChunkedArray(localJose.live)   // diacritic- and case-insensitive, instantly
        }
        await clock.advance(by: .milliseconds(299))
        await clock.advance(by: .milliseconds(1))
        await tester.receive { $0.users.refresh = .loading }
        await clock.advance(by: .milliseconds(100))
        let serverJose = Self.users.filter { $0.name.hasPrefix("José") }
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.nextPage = .reachedEnd
            $0.users.rows = ChunkedArray(serverJose.live)
        }
        #expect(repository.calls.filter { $0.hasPrefix("users") }.last == #"users(after: nil, q: "JOSE", all)"#)
        #expect(repository.calls.filter { $0.hasPrefix("users") }.count == 2, "asked once, after the typing rested")
        await tester.finish()
    }

    @Test func theLatestSearchWinsAndAnOlderAnswerNeverLands() async {
        await appearAndLoad()
        repository.slowQueries = ["ann": .seconds(1)]   // "ann" answers after "bob" would
        tester.send(.searchTextChanged("ann")) {
            $0.searchText = "ann"
            $0.users.rows = ChunkedArray(Self.rows(0..<20).filter { $0.name == "Ann Lee" }.live)
        }
        await clock.advance(by: .milliseconds(300))
        await tester.receive { $0.users.refresh = .loading }
        await clock.advance(by: .milliseconds(50))
        tester.send(.searchTextChanged("bob")) {
            $0.searchText = "bob"
            $0.users.rows = ChunkedArray(Self.rows(0..<20).filter { $0.name == "Bob Smith" }.live)
        }
        await clock.advance(by: .milliseconds(300))   // "bob" is asked for; the spinner was on all along
        await clock.advance(by: .milliseconds(100))
        let bobs = Self.users.filter { $0.name == "Bob Smith" }
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.nextPage = .reachedEnd
            $0.users.rows = ChunkedArray(bobs.live)
        }
        await clock.advance(by: .seconds(2))   // "ann"'s answer would have come by now

        #expect(tester.state.visibleUsers == bobs)
        #expect(repository.calls.filter { $0.hasPrefix("users") }.last == #"users(after: nil, q: "bob", all)"#)
        await tester.finish()
    }

    @Test func aFilterAppliesLocallyAtOnceAndReloadsFromTheServer() async {
        await appearAndLoad()
        tester.send(.filterSelected(.inactive)) {
            $0.filter = .inactive
            $0.users.rows = ChunkedArray(Self.rows(0..<20).filter { !$0.isActive }.live)
            $0.users.refresh = .loading
        }
        await clock.advance(by: .milliseconds(100))
        let inactive = Self.users.filter { !$0.isActive }
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.nextPage = .reachedEnd
            $0.users.rows = ChunkedArray(inactive.live)
        }
        await tester.finish()
    }

    @Test func aSearchThatMatchesNothingShowsTheEmptyState() async {
        await appearAndLoad()
        tester.send(.searchTextChanged("zzz")) { $0.searchText = "zzz"; $0.users.rows = [] }
        await clock.advance(by: .milliseconds(300))
        await tester.receive { $0.users.refresh = .loading }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.users.refresh = .loaded; $0.users.nextPage = .reachedEnd }

        #expect(tester.state.showsEmptyState)
        await tester.finish()
    }

    @Test func aFailedPageShowsTheErrorAndRetryLoadsTheSamePage() async {
        repository.fail(.users, with: .noInternet)
        tester.viewModel.appear()
        await tester.receive { $0.users.refresh = .loading }
        #expect(tester.state.isLoadingFirstPage)
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.users.counts = [.active: 30] }
        let offline = ErrorPresentation(UserError.noInternet)
        await tester.receive { $0.users.refresh = .failed(offline) }   // nothing seen before: no rows, the failure in their place
        #expect(tester.state.loadFailure?.message.resolved(in: .japanese) == "ネットワークエラー: サーバーに接続できません")
        #expect(tester.state.loadFailure?.isRetryable == true)
        #expect(!tester.state.isLoadingFirstPage && !tester.state.showsEmptyState)
        #expect(tester.state.navigation.modal == nil, "drawn in place of the rows, not as an alert")

        repository.fail(.users, with: nil)
        tester.send(.retryTapped) { $0.users.refresh = .loading }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.rows = ChunkedArray(Self.firstPage)
            $0.users.origin = .network
        }
        #expect(tester.state.loadFailure == nil)
        #expect(analytics.events == [.error(message: offline.message.description), .viewed(count: 45)])
        await tester.finish()
    }

    @Test func aSearchTheServerCannotAnswerShowsTheRowsTheDeviceHasSeenMarkedSaved() async {
        let before = Dependencies.current.now()   // the suite's fixed time
        await appearAndLoad()
        let after = Dependencies.current.now()
        repository.fail(.users, with: .noInternet)
        let seenAnns = Self.rows(0..<20).filter { $0.name == "Ann Lee" }
        tester.send(.searchTextChanged("ann")) {
            $0.searchText = "ann"
            $0.users.rows = ChunkedArray(seenAnns.live)
        }
        await clock.advance(by: .milliseconds(300))
        await tester.receive { $0.users.refresh = .loading }
        await clock.advance(by: .milliseconds(100))
        let savedAt = await tester.settledSavedAt()
        #expect((before...after).contains(savedAt), "marked with when the device learnt them")
        let offline = ErrorPresentation(UserError.noInternet)
        await tester.receive {   // the device's answer: every user seen that matches, marked saved
            $0.users.refresh = .failed(offline)
            $0.users.nextPage = .reachedEnd
            $0.users.origin = .saved(at: savedAt)
        }
        #expect(tester.state.savedDataNotice == SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: offline))
        #expect(tester.state.navigation.modal == nil, "said by the notice, not by an alert")

        repository.fail(.users, with: nil)
        tester.send(.retryTapped) { $0.users.refresh = .loading }
        #expect(tester.state.savedDataNotice?.isUpdating == true)
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.rows = ChunkedArray(Self.users.filter { $0.name == "Ann Lee" }.live)
            $0.users.origin = .network
        }
        #expect(tester.state.savedDataNotice == nil)
        await tester.finish()
    }

    @Test func aToggleIsPendingAtOnceShowsOnceOnDiskAndTheCountStaysWhenTheServerTakesIt() async {
        await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 1)) { $0.users.rows = ChunkedArray(Self.firstPage.marking(1, .saving)) }   // marked pending at once
        await tester.receive {   // on disk: the toggle shows, and the count with it
            $0.users.rows = ChunkedArray(Self.firstPage.replacing(1, with: Self.toggled(1), .saving))
            $0.users.counts = [.active: 29]
        }
        #expect(await repository.waitForWrites(1))
        #expect(analytics.events == [.viewed(count: 45)], "article 000 tracks a toggle once the server took it, not on the tap")
        await clock.advance(by: .milliseconds(200))   // the server takes it
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage.replacing(1, with: Self.toggled(1), nil)) }
        await clock.advance(by: .milliseconds(50))    // the counts, read again, agree: no change

        #expect(analytics.events == [.viewed(count: 45), .toggled(userID: 1, isActive: false)])
        #expect(repository.calls.suffix(2) == ["setActive(false, 1)", "stats"])
        #expect(repository.idempotencyKeys.count == 1)
        await tester.finish()
    }

    @Test func aRefusedToggleRollsBackAndTheSameErrorTwiceShowsOneAlert() async {
        await appearAndLoad()
        repository.fail(.setActive, with: .invalidData)
        tester.send(.toggleActiveTapped(userID: 1)) { $0.users.rows = ChunkedArray(Self.firstPage.marking(1, .saving)) }
        tester.send(.toggleActiveTapped(userID: 2)) { $0.users.rows = ChunkedArray(Self.firstPage.marking(1, .saving).marking(2, .saving)) }
        await tester.receive {
            $0.users.rows = ChunkedArray(Self.firstPage.replacing(1, with: Self.toggled(1), .saving).marking(2, .saving))
            $0.users.counts = [.active: 29]
        }
        await tester.receive {
            $0.users.rows = ChunkedArray(Self.firstPage.replacing(1, with: Self.toggled(1), .saving).replacing(2, with: Self.toggled(2), .saving))
            $0.users.counts = [.active: 28]
        }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        let refusal = ErrorPresentation(UserError.invalidData)
        await tester.receive {   // the row and the count back together
            $0.users.rows = ChunkedArray(Self.firstPage.replacing(2, with: Self.toggled(2), .saving))
            $0.users.counts = [.active: 29]
        }
        await tester.receive { $0.navigation.present(Alert(refusal, dismiss: .navigation(.dismiss))) }
        #expect(await repository.waitForWrites(2))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage); $0.users.counts = [.active: 30] }

        #expect(!analytics.events.contains { if case .toggled = $0 { true } else { false } }, "a refused toggle is never tracked")
        // The second refusal presented the same alert: still one, and its OK closes it.
        #expect(tester.state.navigation.modal?.buttons.map { $0.label.resolved(in: .japanese) } == ["OK"])
        tester.send(.navigation(.dismiss)) { $0.navigation.handle(.dismiss) }
        tester.send(.navigation(.dismiss))   // a late second press: nothing
        await tester.finish()
    }

    @Test func aWriteTheDeviceCannotKeepRollsBackWithOneAlertAndIsNeverSent() async {
        let storage = InMemoryOutboxStorage()
        await storage.simulateFailures(append: .io("read-only folder"), markDone: nil)
        let readOnly = TestRecords(repository: repository, storage: storage)
        let tester = ViewModelTester(UserListViewModel(repository: repository, records: readOnly.records), clock: clock)
        await appearAndLoad(tester)

        tester.send(.toggleActiveTapped(userID: 1)) { $0.users.rows = ChunkedArray(Self.firstPage.marking(1, .saving)) }
        // Not kept: the toggle never shows (the row and the count stay), and it is pending no more.
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage) }
        await tester.receive { $0.navigation.present(Alert(ErrorPresentation(UserError.storage), dismiss: .navigation(.dismiss))) }
        #expect(tester.state.visibleUsers == Self.rows(0..<20))
        #expect(tester.state.activeCount == 30)
        #expect(tester.state.navigation.modal?.message.resolved(in: .japanese) == "変更をこの端末に保存できませんでした。空き容量と保存先を確認してください。")
        await clock.advance(by: .seconds(1))
        #expect(!repository.calls.contains { $0.hasPrefix("setActive") }, "never sent")
        await tester.finish()
    }

    @Test func aSecondTapWhileAWriteIsPendingDoesNothing() async {
        await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 1)) { $0.users.rows = ChunkedArray(Self.firstPage.marking(1, .saving)) }
        tester.send(.toggleActiveTapped(userID: 1))   // pending, not on disk yet: nothing
        tester.send(.deleteTapped(userID: 1))   // pending: no confirmation
        tester.send(.deleteConfirmed(userID: 1))
        await tester.receive {
            $0.users.rows = ChunkedArray(Self.firstPage.replacing(1, with: Self.toggled(1), .saving))
            $0.users.counts = [.active: 29]
        }
        tester.send(.toggleActiveTapped(userID: 1))   // pending, shown: nothing
        tester.send(.deleteTapped(userID: 1))         // nothing
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage.replacing(1, with: Self.toggled(1), nil)) }
        await clock.advance(by: .milliseconds(50))
        #expect(repository.calls.filter { !$0.hasPrefix("users") && $0 != "stats" } == ["setActive(false, 1)"])
        await tester.finish()
    }

    @Test func aRefusedDeleteBringsTheRowBackWhereItWas() async {
        await appearAndLoad()
        repository.fail(.delete, with: .invalidData)
        tester.send(.deleteTapped(userID: 3)) { $0.navigation.present(.deleteConfirmation(of: Self.users[2])) }
        tester.send(.deleteConfirmed(userID: 3)) {
            $0.navigation.handle(.dismiss)
            $0.users.rows = ChunkedArray(Self.firstPage.marking(3, .deleting))
        }
        // On disk: the row goes; user 3 is inactive, so the count stays.
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage.filter { $0.id != 3 }) }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage) }
        await tester.receive { $0.navigation.present(Alert(ErrorPresentation(UserError.invalidData), dismiss: .navigation(.dismiss))) }
        await tester.finish()
    }

    @Test func aWriteMadeOnAnotherScreenShowsInTheRowsAndCountsWithoutAReload() async {
        await appearAndLoad()   // 30 active
        tester.viewModel.disappear()   // the detail is pushed over the list
        app.records.write(.setActive(false, userID: 4))   // the detail's toggle
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage.marking(4, .saving)) }
        await tester.receive {
            $0.users.rows = ChunkedArray(Self.firstPage.replacing(4, with: Self.toggled(4), .saving))
            $0.users.counts = [.active: 29]
        }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        let toggled = Self.firstPage.replacing(4, with: Self.toggled(4), nil)
        await tester.receive { $0.users.rows = ChunkedArray(toggled) }
        await clock.advance(by: .milliseconds(50))
        app.records.write(.delete(userID: 5))
        await tester.receive { $0.users.rows = ChunkedArray(toggled.marking(5, .deleting)) }
        await tester.receive {
            $0.users.rows = ChunkedArray(toggled.filter { $0.id != 5 })
            $0.users.counts = [.active: 28]
        }
        #expect(await repository.waitForWrites(2))
        await clock.advance(by: .milliseconds(200))   // the server takes it: the row stays gone, the count stays
        await clock.advance(by: .milliseconds(50))
        #expect(tester.state.activeCount == 28)
        tester.viewModel.appear()   // back on the list: nothing to load
        #expect(repository.calls.filter { $0.hasPrefix("users") } == [#"users(after: nil, q: "", all)"#])
        await tester.finish()
    }

    @Test func aPullToRefreshOverTheRowsSaysItIsRefreshingUntilThePageArrives() async {
        await appearAndLoad()
        tester.send(.refreshPulled) { $0.users.refresh = .refreshing }
        #expect(tester.state.visibleUsers.count == 20, "the rows stay while refreshing")
        #expect(!tester.state.isLoadingFirstPage, "no full-screen spinner over the rows")
        await clock.advance(by: .milliseconds(100))   // the counts (unchanged) and the page
        await tester.receive { $0.users.refresh = .loaded }
        await tester.finish()
    }

    @Test func aFailedRefreshEndsRefreshingKeepsTheRowsAndShowsTheErrorAlert() async {
        await appearAndLoad()
        repository.fail(.users, with: .server(statusCode: 503))
        tester.send(.refreshPulled) { $0.users.refresh = .refreshing }
        await clock.advance(by: .milliseconds(100))
        let failure = ErrorPresentation(UserError.server(statusCode: 503))
        await tester.receive {
            $0.users.refresh = .failed(failure)
            $0.navigation.present(.pageFailure(failure))
        }
        #expect(tester.state.visibleUsers.count == 20)
        #expect(tester.state.navigation.modal?.title.resolved(in: .japanese) == "エラー")
        #expect(tester.state.navigation.modal?.buttons.map { $0.label.resolved(in: .japanese) } == ["OK", "再試行"])

        // OK closes it; the rows stay.
        tester.send(.navigation(.dismiss)) { $0.navigation.handle(.dismiss) }
        #expect(tester.state.visibleUsers.count == 20)
        await tester.finish()
    }

    @Test func aFurtherPageThatFailsShowsTheErrorAlertAndItsRetryLoadsThatPage() async {
        await appearAndLoad()
        repository.fail(.users, with: .noInternet)
        tester.send(.lastRowsAppeared) { $0.users.nextPage = .loading }
        await clock.advance(by: .milliseconds(100))
        let failure = ErrorPresentation(UserError.noInternet)
        await tester.receive {
            $0.users.nextPage = .failed(failure)
            $0.navigation.present(.pageFailure(failure))
        }
        #expect(tester.state.visibleUsers == Self.rows(0..<20), "the rows stay")

        repository.fail(.users, with: nil)
        tester.send(.retryTapped) {
            $0.navigation.handle(.dismiss)
            $0.users.nextPage = .loading
        }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.nextPage = .loaded
            $0.users.rows = ChunkedArray(Self.rows(0..<40).live)
        }
        #expect(repository.calls.filter { $0.hasPrefix("users") } == [
            #"users(after: nil, q: "", all)"#, #"users(after: u20, q: "", all)"#, #"users(after: u20, q: "", all)"#,
        ])
        #expect(analytics.events == [.viewed(count: 45), .error(message: failure.message.description)])
        await tester.finish()
    }

    @Test func aPageReadBeforeAToggleLandedNeverUndoesIt() async {
        await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 4)) { $0.users.rows = ChunkedArray(Self.firstPage.marking(4, .saving)) }
        await tester.receive {
            $0.users.rows = ChunkedArray(Self.firstPage.replacing(4, with: Self.toggled(4), .saving))
            $0.users.counts = [.active: 29]
        }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(120))
        tester.send(.refreshPulled) { $0.users.refresh = .refreshing }   // the server reads user 4 as active
        await clock.advance(by: .milliseconds(80))   // the toggle lands
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage.replacing(4, with: Self.toggled(4), nil)) }
        await clock.advance(by: .milliseconds(20))   // the page read before it arrives
        await tester.receive { $0.users.refresh = .loaded }
        #expect(tester.state.visibleUsers.first { $0.id == 4 }?.isActive == false)
        await clock.advance(by: .milliseconds(50))
        #expect(tester.state.activeCount == 29)
        await tester.finish()
    }

    @Test func aPageReadBeforeADeleteLandedNeverBringsTheRowBack() async {
        await appearAndLoad()
        tester.send(.deleteTapped(userID: 3)) { $0.navigation.present(.deleteConfirmation(of: Self.users[2])) }
        tester.send(.deleteConfirmed(userID: 3)) {
            $0.navigation.handle(.dismiss)
            $0.users.rows = ChunkedArray(Self.firstPage.marking(3, .deleting))
        }
        await tester.receive { $0.users.rows = ChunkedArray(Self.firstPage.filter { $0.id != 3 }) }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(120))
        tester.send(.refreshPulled) { $0.users.refresh = .refreshing }
        await clock.advance(by: .milliseconds(80))   // the delete lands: the row is gone already
        await clock.advance(by: .milliseconds(20))   // the page read before it arrives, with user 3
        await tester.receive { $0.users.refresh = .loaded }
        #expect(!tester.state.visibleUsers.contains { $0.id == 3 })
        await clock.advance(by: .milliseconds(50))
        await tester.finish()
    }

    @Test func aFilterCalledOffByDisappearingIsLoadedWhenTheScreenComesBack() async {
        await appearAndLoad()
        tester.send(.filterSelected(.inactive)) {
            $0.filter = .inactive
            $0.users.rows = ChunkedArray(Self.rows(0..<20).filter { !$0.isActive }.live)
            $0.users.refresh = .loading
        }
        tester.disappear { $0.users.refresh = .loaded }   // no spinner left; the rows loaded, filtered
        tester.appear { $0.users.refresh = .loading }     // the server is asked for the filter again
        await clock.advance(by: .milliseconds(100))
        let inactive = Self.users.filter { !$0.isActive }
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.nextPage = .reachedEnd
            $0.users.rows = ChunkedArray(inactive.live)
        }
        #expect(repository.calls.filter { $0.hasPrefix("users") }.last == #"users(after: nil, q: "", inactive)"#)
        await tester.finish()
    }

    @Test func aSearchCalledOffByLeavingIsAskedForOnReturnEvenAfterARefresh() async {
        await appearAndLoad()
        let localAnns = Self.rows(0..<20).filter { $0.name == "Ann Lee" }
        tester.send(.searchTextChanged("ann")) {
            $0.searchText = "ann"
            $0.users.rows = ChunkedArray(localAnns.live)
        }
        await clock.advance(by: .milliseconds(300))
        await tester.receive { $0.users.refresh = .loading }
        tester.send(.refreshPulled) { $0.users.refresh = .refreshing }
        // The called-off refresh ends the spinner with it: the phase is the query's.
        tester.disappear { $0.users.refresh = .loaded }
        #expect(tester.state.visibleUsers == localAnns, "the rows still answer the empty search, filtered")

        tester.appear { $0.users.refresh = .loading }   // so "ann" is asked for again
        await clock.advance(by: .milliseconds(100))
        let anns = Self.users.filter { $0.name == "Ann Lee" }
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.nextPage = .reachedEnd
            $0.users.rows = ChunkedArray(anns.live)
        }
        #expect(repository.calls.filter { $0.hasPrefix("users") }.last == #"users(after: nil, q: "ann", all)"#)
        await tester.finish()
    }

    @Test func aRowBeingToggledStaysAsToggledWhenAFilterReloadsIt() async {
        await appearAndLoad()
        tester.send(.toggleActiveTapped(userID: 4)) { $0.users.rows = ChunkedArray(Self.firstPage.marking(4, .saving)) }
        await tester.receive {
            $0.users.rows = ChunkedArray(Self.firstPage.replacing(4, with: Self.toggled(4), .saving))
            $0.users.counts = [.active: 29]
        }
        tester.send(.filterSelected(.active)) {   // user 4 is inactive now: it leaves the list
            $0.filter = .active
            $0.users.rows = ChunkedArray(Self.rows(0..<20).filter { $0.isActive && $0.id != 4 }.live)
            $0.users.refresh = .loading
        }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(100))   // the server still has user 4 active
        let activePage = Array(Self.users.filter(\.isActive).prefix(20))
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.rows = ChunkedArray(activePage.filter { $0.id != 4 }.live)   // shown as the user asked, so filtered out
        }
        await clock.advance(by: .milliseconds(100))   // the server takes it: user 4 stays out, the count stays
        await clock.advance(by: .milliseconds(50))
        #expect(tester.state.activeCount == 29)
        #expect(!tester.state.visibleUsers.contains { $0.id == 4 })
        await tester.finish()
    }

    @Test func disappearingMidFirstPageThenAppearingShowsFreshRows() async {
        tester.viewModel.appear()
        await tester.receive { $0.users.refresh = .loading }
        tester.viewModel.disappear()
        await tester.receive { $0.users.refresh = .idle }   // no spinner waits for the return
        await clock.advance(by: .seconds(1))   // the cancelled answers never land
        #expect(!tester.state.isLoadingFirstPage)

        await appearAndLoad()
        #expect(tester.state.visibleUsers == Self.rows(0..<20))
        await tester.finish()
    }

    @Test func disappearingMidLoadMoreLeavesPagingWorkingOnReturn() async {
        await appearAndLoad()
        tester.send(.lastRowsAppeared) { $0.users.nextPage = .loading }
        tester.viewModel.disappear()
        await tester.receive { $0.users.nextPage = .idle }
        #expect(!tester.state.isLoadingMore)

        tester.viewModel.appear()   // rows and counts are there: nothing to reload
        tester.send(.lastRowsAppeared) { $0.users.nextPage = .loading }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.nextPage = .loaded
            $0.users.rows = ChunkedArray(Self.rows(0..<40).live)
        }
        await tester.finish()
    }

    @Test func disappearingMidRefreshKeepsTheRowsAndRefreshingAgainWorks() async {
        await appearAndLoad()
        tester.send(.refreshPulled) { $0.users.refresh = .refreshing }
        tester.viewModel.disappear()
        // The called-off refresh ends the spinner with it: the phase is the query's.
        await tester.receive { $0.users.refresh = .loaded }
        #expect(tester.state.visibleUsers == Self.rows(0..<20))

        tester.viewModel.appear()
        tester.send(.refreshPulled) { $0.users.refresh = .refreshing }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.users.refresh = .loaded }
        await tester.finish()
    }

    @Test func disappearingMidRetryLetsTheRetryBeAskedForAgain() async {
        repository.fail(.users, with: .noInternet)
        tester.viewModel.appear()
        await tester.receive { $0.users.refresh = .loading }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.users.counts = [.active: 30] }
        await tester.receive { $0.users.refresh = .failed(ErrorPresentation(UserError.noInternet)) }
        repository.fail(.users, with: nil)
        tester.send(.retryTapped) { $0.users.refresh = .loading }
        tester.viewModel.disappear()
        await tester.receive { $0.users.refresh = .idle }

        tester.viewModel.appear()   // no page loaded yet: the first page again
        await tester.receive { $0.users.refresh = .loading }
        await clock.advance(by: .milliseconds(100))
        await tester.receive {
            $0.users.refresh = .loaded
            $0.users.rows = ChunkedArray(Self.firstPage)
            $0.users.origin = .network
        }
        await tester.finish()
    }
}
