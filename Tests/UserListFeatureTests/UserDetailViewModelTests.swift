import MVVMCore
import MVVMTesting
import Testing
@testable import UserListFeature

/// Records every change posted to a ``UserChanges``, for as long as it lives.
@MainActor
final class PostedUserChanges {
    private(set) var posted: [UserChange] = []
    private var token: ObservationToken?

    init(_ changes: UserChanges) {
        token = changes.subscribe { [weak self] change in self?.posted.append(change) }
    }
}

/// Exhaustive scripts of the user detail: every state change is asserted, and so is every
/// change posted to the app's ``UserChanges``.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct UserDetailViewModelTests {
    let clock = TestClock()
    let repository: StubUserRepository
    let changes = UserChanges()
    let recorder: PostedUserChanges
    static let users = sampleUsers(5)
    /// User 1, "Ann Lee": active.
    static let ann = users[0]

    init() {
        repository = StubUserRepository(users: Self.users, clock: clock)
        recorder = PostedUserChanges(changes)
    }

    func makeTester(userID: Int = 1) -> ViewModelTester<UserDetailViewModel> {
        ViewModelTester(UserDetailViewModel(userID: userID, repository: repository, changes: changes), clock: clock)
    }

    /// Appears and receives user 1.
    func appearAndLoad(_ tester: ViewModelTester<UserDetailViewModel>) async {
        tester.appear { $0.user = .loading() }
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.user = .loaded(Self.ann) }
    }

    static func ann(isActive: Bool) -> User {
        var user = ann
        user.isActive = isActive
        return user
    }

    // MARK: - Loading

    @Test func appearingLoadsTheUserById() async {
        let tester = makeTester()
        #expect(tester.state.title == "ユーザー 1")
        tester.appear { $0.user = .loading() }
        #expect(tester.state.user.isLoading)
        #expect(!tester.state.canEdit)
        await tester.advance(by: .milliseconds(49))   // the answer takes 50 ms: nothing yet
        #expect(tester.state.user == .loading())
        await tester.advance(by: .milliseconds(1))
        await tester.receive { $0.user = .loaded(Self.ann) }

        #expect(tester.state.title == "Ann Lee")
        #expect(tester.state.message == nil)
        #expect(tester.state.canEdit)
        #expect(!tester.state.canRetry)
        tester.appear()   // already shown: nothing
        #expect(repository.calls == ["user(1)"])
        #expect(recorder.posted.isEmpty)
        await tester.finish()
    }

    @Test func appearingWhileLoadingDoesNotLoadTwice() async {
        let tester = makeTester()
        tester.appear { $0.user = .loading() }
        tester.appear()
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.user = .loaded(Self.ann) }
        #expect(repository.calls == ["user(1)"])
        await tester.finish()
    }

    @Test func aUserTheServerDoesNotHaveIsGoneWithNoRetry() async {
        let tester = makeTester(userID: 99)
        tester.appear { $0.user = .loading() }
        await tester.advance(by: .milliseconds(50))
        await tester.receive {
            $0.isGone = true
            $0.user = .idle
        }

        #expect(tester.state.isGone)
        #expect(tester.state.message == UserError.notFound.message)
        #expect(tester.state.message == "このユーザーは既に存在しません。")
        #expect(tester.state.canRetry == false)
        #expect(tester.state.canEdit == false)
        #expect(tester.state.title == "ユーザー 99")
        #expect(recorder.posted == [.gone(userID: 99)])

        tester.send(.retryTapped)        // no retry offered: nothing
        tester.appear()                  // gone: nothing to load
        tester.send(.toggleActiveTapped) // nothing to toggle
        tester.send(.deleteTapped)       // nothing to delete
        #expect(repository.calls == ["user(99)"])
        #expect(recorder.posted == [.gone(userID: 99)])
        await tester.finish()
    }

    @Test func aFailedLoadOffersARetryThatLoadsAgain() async {
        let tester = makeTester()
        repository.fail(.user, with: .noInternet)
        tester.appear { $0.user = .loading() }
        await tester.advance(by: .milliseconds(50))
        let offline = ErrorPresentation(UserError.noInternet)
        await tester.receive { $0.user = .failed(offline, previous: nil) }

        #expect(tester.state.canRetry)
        #expect(tester.state.message == "サーバーに接続できません。接続を確認して、もう一度お試しください。")
        #expect(!tester.state.isGone)
        #expect(!tester.state.canEdit)
        #expect(tester.state.alerts.isEmpty, "a failed load is shown in place, not as an alert")

        repository.fail(.user, with: nil)
        tester.send(.retryTapped) { $0.user = .loading() }
        #expect(!tester.state.canRetry)
        tester.send(.retryTapped)   // a load in flight: no retry offered, nothing
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.user = .loaded(Self.ann) }

        #expect(tester.state.message == nil)
        #expect(!tester.state.canRetry)
        tester.send(.retryTapped)   // loaded: nothing
        #expect(repository.calls == ["user(1)", "user(1)"])
        #expect(recorder.posted.isEmpty)
        await tester.finish()
    }

    @Test func disappearingDuringTheLoadCancelsItAndAppearingAgainLoadsAgain() async {
        let tester = makeTester()
        tester.appear { $0.user = .loading() }
        #expect(await waitUntil { repository.calls == ["user(1)"] })   // the request is in flight
        tester.disappear { $0.user = .idle }
        await tester.advance(by: .seconds(1))   // the cancelled answer never lands
        #expect(tester.state.user == .idle)

        tester.appear { $0.user = .loading() }
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.user = .loaded(Self.ann) }
        #expect(repository.calls == ["user(1)", "user(1)"])
        #expect(recorder.posted.isEmpty)
        await tester.finish()
    }

    // MARK: - Toggle

    @Test func aToggleIsOptimisticAndTheSavedUserIsPosted() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        tester.send(.toggleActiveTapped) {
            $0.isSaving = true
            $0.user = .loaded(Self.ann(isActive: false))
        }
        #expect(!tester.state.canEdit)
        tester.send(.toggleActiveTapped)   // a write in flight: nothing
        tester.send(.deleteTapped)         // a write in flight: nothing
        #expect(recorder.posted.isEmpty, "nothing is posted before the server answers")

        #expect(await waitUntilSleeping(clock))
        await tester.advance(by: .milliseconds(200))
        await tester.receive {
            $0.isSaving = false
            $0.user = .loaded(Self.ann(isActive: false))
        }

        #expect(recorder.posted == [.saved(Self.ann(isActive: false))])
        #expect(repository.calls == ["user(1)", "setActive(false, 1)"])
        #expect(tester.state.canEdit)
        #expect(tester.state.alerts.isEmpty)
        await tester.finish()
    }

    @Test func aFailedToggleRollsBackShowsOneAlertAndPostsNothing() async throws {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.fail(.setActive, with: .noInternet)
        let offline = ErrorPresentation(UserError.noInternet)

        tester.send(.toggleActiveTapped) { $0.isSaving = true; $0.user = .loaded(Self.ann(isActive: false)) }
        #expect(await waitUntilSleeping(clock))
        await tester.advance(by: .milliseconds(200))
        await tester.receive {
            $0.isSaving = false
            $0.user = .loaded(Self.ann)
            $0.alerts.enqueue(offline)
        }
        #expect(tester.state.alerts.pending.map(\.message) == [offline])
        #expect(tester.state.alerts.current?.message.message == "サーバーに接続できません。接続を確認して、もう一度お試しください。")

        // The same failure again while its alert is up: rolled back, still one alert.
        tester.send(.toggleActiveTapped) { $0.isSaving = true; $0.user = .loaded(Self.ann(isActive: false)) }
        #expect(await waitUntilSleeping(clock))
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.isSaving = false; $0.user = .loaded(Self.ann) }
        #expect(tester.state.alerts.pending.count == 1)

        let id = try #require(tester.state.alerts.current?.id)
        tester.send(.alertDismissed(id: id)) { $0.alerts.dismiss(id) }
        tester.send(.alertDismissed(id: id))   // a late second dismiss: nothing
        #expect(recorder.posted.isEmpty)
        #expect(repository.calls == ["user(1)", "setActive(false, 1)", "setActive(false, 1)"])
        await tester.finish()
    }

    @Test func aToggleThatFindsTheUserGoneSaysSoAndPostsGone() async {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.deleteElsewhere(1)   // setActive now throws .notFound

        tester.send(.toggleActiveTapped) { $0.isSaving = true; $0.user = .loaded(Self.ann(isActive: false)) }
        #expect(await waitUntilSleeping(clock))
        await tester.advance(by: .milliseconds(200))
        await tester.receive {
            $0.isSaving = false
            $0.isGone = true
            $0.user = .idle
        }

        #expect(tester.state.message == UserError.notFound.message)
        #expect(!tester.state.canRetry)
        #expect(!tester.state.canEdit)
        #expect(tester.state.alerts.isEmpty, "gone is shown in place, not as an alert")
        #expect(recorder.posted == [.gone(userID: 1)])
        tester.appear()   // gone: nothing to load
        #expect(repository.calls == ["user(1)", "setActive(false, 1)"])
        await tester.finish()
    }

    @Test func aToggleThatFailsWithNotFoundIsGoneToo() async {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.fail(.setActive, with: .notFound)

        tester.send(.toggleActiveTapped) { $0.isSaving = true; $0.user = .loaded(Self.ann(isActive: false)) }
        #expect(await waitUntilSleeping(clock))
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.isSaving = false; $0.isGone = true; $0.user = .idle }
        #expect(recorder.posted == [.gone(userID: 1)])
        await tester.finish()
    }

    @Test func aWriteInFlightWhenTheScreenDisappearsStillCompletesAndIsPosted() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        tester.send(.toggleActiveTapped) { $0.isSaving = true; $0.user = .loaded(Self.ann(isActive: false)) }
        tester.disappear()   // the write is not the screen's own work: nothing is cancelled
        #expect(await waitUntilSleeping(clock))
        await tester.advance(by: .milliseconds(200))
        await tester.receive { $0.isSaving = false; $0.user = .loaded(Self.ann(isActive: false)) }

        #expect(recorder.posted == [.saved(Self.ann(isActive: false))])
        tester.appear()   // back on the screen: the user is shown, nothing to load
        #expect(repository.calls == ["user(1)", "setActive(false, 1)"])
        await tester.finish()
    }

    @Test func aWriteOutlivesTheViewModelItself() async {
        var viewModel: UserDetailViewModel? = UserDetailViewModel(userID: 1, repository: repository, changes: changes)
        viewModel?.appear()
        #expect(await advance(clock, until: { viewModel?.state.user.value != nil }))
        viewModel?.onEvent(.toggleActiveTapped)
        #expect(viewModel?.state.isSaving == true)
        weak let released = viewModel
        viewModel?.disappear()
        viewModel = nil
        #expect(released == nil, "the write holds the ViewModel weakly")

        #expect(await advance(clock, until: { !recorder.posted.isEmpty }))
        #expect(recorder.posted == [.saved(Self.ann(isActive: false))])
        #expect(repository.calls == ["user(1)", "setActive(false, 1)"])
    }

    // MARK: - Delete

    @Test func deleteAsksForConfirmationAndCancelClearsIt() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        tester.send(.deleteTapped) { $0.isConfirmingDelete = true }
        tester.send(.deleteCancelled) { $0.isConfirmingDelete = false }
        tester.send(.deleteConfirmed)   // no longer confirming: nothing
        tester.send(.deleteCancelled)   // nothing to cancel: nothing

        #expect(repository.calls == ["user(1)"])
        #expect(recorder.posted.isEmpty)
        await tester.finish()
    }

    @Test func aConfirmedDeleteIsSentAndPostedOnceSaved() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        tester.send(.deleteTapped) { $0.isConfirmingDelete = true }
        tester.send(.deleteConfirmed) {
            $0.isConfirmingDelete = false
            $0.isSaving = true
        }
        #expect(!tester.state.canEdit)
        tester.send(.deleteConfirmed)   // not confirming any more: nothing
        #expect(recorder.posted.isEmpty, "nothing is posted before the server answers")

        #expect(await waitUntilSleeping(clock))
        await tester.advance(by: .milliseconds(199))
        #expect(recorder.posted.isEmpty)
        await tester.advance(by: .milliseconds(1))
        await tester.receive { $0.isSaving = false }

        #expect(recorder.posted == [.deleted(userID: 1)])
        #expect(repository.calls == ["user(1)", "delete(1)"])
        await tester.finish()
    }

    @Test func deleteConfirmedWithoutDeleteTappedDoesNothing() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        tester.send(.deleteConfirmed)
        await tester.advance(by: .seconds(1))

        #expect(repository.calls == ["user(1)"])
        #expect(recorder.posted.isEmpty)
        await tester.finish()
    }

    @Test func deleteBeforeTheUserIsLoadedDoesNothing() async {
        let tester = makeTester()
        tester.send(.deleteTapped)
        tester.send(.toggleActiveTapped)
        tester.appear { $0.user = .loading() }
        tester.send(.deleteTapped)   // still loading: nothing
        await tester.advance(by: .milliseconds(50))
        await tester.receive { $0.user = .loaded(Self.ann) }
        #expect(repository.calls == ["user(1)"])
        await tester.finish()
    }

    @Test func aFailedDeleteKeepsTheUserAndShowsAnAlert() async {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.fail(.delete, with: .server)

        tester.send(.deleteTapped) { $0.isConfirmingDelete = true }
        tester.send(.deleteConfirmed) { $0.isConfirmingDelete = false; $0.isSaving = true }
        #expect(await waitUntilSleeping(clock))
        await tester.advance(by: .milliseconds(200))
        await tester.receive {
            $0.isSaving = false
            $0.alerts.enqueue(ErrorPresentation(UserError.server))
        }
        #expect(tester.state.user == .loaded(Self.ann))
        #expect(recorder.posted.isEmpty)
        await tester.finish()
    }
}
