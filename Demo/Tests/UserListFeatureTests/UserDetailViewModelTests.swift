import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
@testable import UserListFeature

/// Exhaustive scripts of the user detail: every state change is asserted, and so is what the
/// records every screen reads hold.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct UserDetailViewModelTests {
    let clock = TestClock()
    let repository: StubUserRepository
    let app: TestRecords
    var records: UserRecords { app.records }
    static let users = sampleUsers(5)
    /// User 1, "Ann Lee": active.
    static let ann = users[0]

    init() {
        repository = StubUserRepository(users: Self.users, clock: clock)
        app = TestRecords(repository: repository, clock: clock)
    }

    func makeTester(userID: Int = 1) -> ViewModelTester<UserDetailViewModel> {
        ViewModelTester(UserDetailViewModel(userID: userID, repository: repository, records: records), clock: clock)
    }

    /// Appears and receives user 1.
    func appearAndLoad(_ tester: ViewModelTester<UserDetailViewModel>) async {
        tester.appear { $0.user.record = .loading() }
        await clock.advance(by: .milliseconds(50))
        await tester.receive { $0.user.record = .loaded(Self.ann); $0.user.origin = .network }
    }

    static func ann(isActive: Bool) -> User {
        var user = ann
        user.isActive = isActive
        return user
    }

    // MARK: - Loading

    @Test func appearingLoadsTheUserByIdIntoTheRecords() async {
        let tester = makeTester()
        #expect(tester.state.title.resolved(in: .japanese) == "ユーザー 1")
        tester.appear { $0.user.record = .loading() }
        #expect(tester.state.user.record.isLoading)
        #expect(!tester.state.canEdit)
        await clock.advance(by: .milliseconds(49))   // the answer takes 50 ms: nothing yet
        #expect(tester.state.user.record == .loading())
        await clock.advance(by: .milliseconds(1))
        await tester.receive { $0.user.record = .loaded(Self.ann); $0.user.origin = .network }

        #expect(tester.state.title == "Ann Lee")
        #expect(tester.state.message == nil)
        #expect(tester.state.canEdit)
        #expect(!tester.state.canRetry)
        #expect(records.value(for: 1) == Self.ann, "every screen reads the loaded user")
        tester.appear()   // already shown: nothing
        #expect(repository.calls == ["user(1)"])
        await tester.finish()
    }

    @Test func aUserTheRecordsHaveShowsAtOnceWithNoRequest() async {
        records.merge([Self.ann], readAt: records.beginRead())   // the list loaded it
        let tester = makeTester()
        #expect(tester.state.user.record == .loaded(Self.ann))
        tester.appear()
        #expect(repository.calls.isEmpty)
        await tester.finish()
    }

    @Test func appearingWhileLoadingDoesNotLoadTwice() async {
        let tester = makeTester()
        tester.appear { $0.user.record = .loading() }
        tester.appear()
        await clock.advance(by: .milliseconds(50))
        await tester.receive { $0.user.record = .loaded(Self.ann); $0.user.origin = .network }
        #expect(repository.calls == ["user(1)"])
        await tester.finish()
    }

    @Test func aUserTheServerDoesNotHaveIsGoneWithNoRetry() async {
        let tester = makeTester(userID: 99)
        tester.appear { $0.user.record = .loading() }
        await clock.advance(by: .milliseconds(50))
        await tester.receive {
            $0.user.isGone = true
            $0.user.record = .idle
        }

        #expect(tester.state.isGone)
        #expect(tester.state.message == UserError.notFound.message)
        #expect(tester.state.message?.resolved(in: .japanese) == "データが見つかりませんでした")
        #expect(tester.state.canRetry == false)
        #expect(tester.state.canEdit == false)
        #expect(tester.state.title.resolved(in: .japanese) == "ユーザー 99")
        #expect(records.shown(User(id: 99, name: "Old row", email: "x@example.com", isActive: true)) == nil, "the list drops the row")

        tester.send(.retryTapped)        // no retry offered: nothing
        tester.appear()                  // gone: nothing to load
        tester.send(.toggleActiveTapped) // nothing to toggle
        tester.send(.deleteTapped)       // nothing to delete
        #expect(repository.calls == ["user(99)"])
        await tester.finish()
    }

    @Test func aFailedLoadOffersARetryThatLoadsAgain() async {
        let tester = makeTester()
        repository.fail(.user, with: .noInternet)
        tester.appear { $0.user.record = .loading() }
        await clock.advance(by: .milliseconds(50))
        let offline = ErrorPresentation(UserError.noInternet)
        await tester.receive { $0.user.record = .failed(offline, previous: nil) }

        #expect(tester.state.canRetry)
        #expect(tester.state.message?.resolved(in: .japanese) == "ネットワークエラー: サーバーに接続できません")
        #expect(!tester.state.isGone)
        #expect(!tester.state.canEdit)
        #expect(tester.state.navigation.modal == nil, "a failed load is shown in place, not as an alert")

        repository.fail(.user, with: nil)
        tester.send(.retryTapped) { $0.user.record = .loading() }
        #expect(!tester.state.canRetry)
        tester.send(.retryTapped)   // a load in flight: no retry offered, nothing
        await clock.advance(by: .milliseconds(50))
        await tester.receive { $0.user.record = .loaded(Self.ann); $0.user.origin = .network }

        #expect(tester.state.message == nil)
        #expect(!tester.state.canRetry)
        tester.send(.retryTapped)   // loaded: nothing
        #expect(repository.calls == ["user(1)", "user(1)"])
        await tester.finish()
    }

    @Test func disappearingDuringTheLoadCancelsItAndAppearingAgainLoadsAgain() async {
        let tester = makeTester()
        tester.appear { $0.user.record = .loading() }
        await tester.settle()
        #expect(repository.calls == ["user(1)"])   // the request is in flight
        tester.disappear { $0.user.record = .idle }
        await clock.advance(by: .seconds(1))   // the cancelled answer never lands
        #expect(tester.state.user.record == .idle)

        tester.appear { $0.user.record = .loading() }
        await clock.advance(by: .milliseconds(50))
        await tester.receive { $0.user.record = .loaded(Self.ann); $0.user.origin = .network }
        #expect(repository.calls == ["user(1)", "user(1)"])
        await tester.finish()
    }

    // MARK: - Toggle

    @Test func aToggleIsPendingAtOnceAndShowsOnEveryScreenOnceOnDiskUntilTheServerTakesIt() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        tester.send(.toggleActiveTapped) { $0.user.pending = .saving }   // pending at once
        #expect(!tester.state.canEdit)
        #expect(records.value(for: 1) == Self.ann && records.isPending(1), "the list marks it pending too")
        tester.send(.toggleActiveTapped)   // a write pending: nothing
        tester.send(.deleteTapped)         // a write pending: nothing
        await tester.receive { $0.user.record = .loaded(Self.ann(isActive: false)) }   // on disk: shown
        #expect(records.value(for: 1) == Self.ann(isActive: false) && records.isPending(1), "the list shows it too")
        tester.send(.toggleActiveTapped)   // still pending: nothing

        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.user.pending = nil }

        #expect(records.confirmedValue(for: 1) == Self.ann(isActive: false))
        #expect(repository.calls == ["user(1)", "setActive(false, 1)"])
        #expect(tester.state.canEdit)
        #expect(tester.state.navigation.modal == nil)
        await tester.finish()
    }

    @Test func aToggleMadeOfflineWaitsPendingWithNoAlert() async {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.fail(.setActive, with: .noInternet)

        tester.send(.toggleActiveTapped) { $0.user.pending = .saving }
        await tester.receive { $0.user.record = .loaded(Self.ann(isActive: false)) }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))   // the try fails: it waits for the network
        await tester.receive { $0.user.pending = .retrying }   // and says so
        #expect(repository.calls == ["user(1)", "setActive(false, 1)"])
        #expect(tester.state.isSaving)
        #expect(tester.state.navigation.modal == nil)

        repository.fail(.setActive, with: nil)
        records.outbox.nudge()   // a request succeeded elsewhere: the network is back
        await tester.settle()
        #expect(repository.calls.count == 3)
        #expect(await repository.waitForWrites(2))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.user.pending = nil }
        await tester.finish()
    }

    /// Issue 53: an unauthorized answer is the token's fault, not the write's (it expired while
    /// the device was offline, and its refresh was refused): the toggle waits, pending, and is
    /// sent again once the account can sign its requests; never rolled back, no alert.
    @Test func aToggleAnsweredUnauthorizedWaitsPendingAndIsNeverRolledBack() async {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.fail(.setActive, with: .unauthorized)

        tester.send(.toggleActiveTapped) { $0.user.pending = .saving }
        await tester.receive { $0.user.record = .loaded(Self.ann(isActive: false)) }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.user.pending = .retrying }
        #expect(tester.state.navigation.modal == nil)
        #expect(tester.state.user.record == .loaded(Self.ann(isActive: false)), "shown as made, not rolled back")

        repository.fail(.setActive, with: nil)   // signed in again
        records.outbox.nudge()
        await tester.settle()
        #expect(await repository.waitForWrites(2))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.user.pending = nil }
        #expect(repository.calls == ["user(1)", "setActive(false, 1)", "setActive(false, 1)"])
        #expect(repository.idempotencyKeys.count == 2 && Set(repository.idempotencyKeys).count == 1,
                "sent again as the same write, with its key: the server applies it once")
        #expect(tester.state.navigation.modal == nil)
        await tester.finish()
    }

    @Test func aRefusedToggleRollsBackWithOneAlert() async throws {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.fail(.setActive, with: .invalidData)
        let refusal = ErrorPresentation(UserError.invalidData)

        tester.send(.toggleActiveTapped) { $0.user.pending = .saving }
        await tester.receive { $0.user.record = .loaded(Self.ann(isActive: false)) }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.user.pending = nil; $0.user.record = .loaded(Self.ann) }
        await tester.receive { $0.navigation.present(Alert(refusal, dismiss: .navigation(.dismiss))) }
        let alert = try #require(tester.state.navigation.modal)
        #expect(alert.message.resolved(in: .japanese) == "ユーザー情報を読み取れませんでした")
        #expect(alert.buttons.map { $0.label.resolved(in: .japanese) } == ["OK"])

        // The same refusal again while its alert is up: rolled back, still one alert.
        tester.send(.toggleActiveTapped) { $0.user.pending = .saving }
        await tester.receive { $0.user.record = .loaded(Self.ann(isActive: false)) }
        #expect(await repository.waitForWrites(2))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.user.pending = nil; $0.user.record = .loaded(Self.ann) }
        #expect(tester.state.navigation.modal == alert)

        tester.send(alert.buttons[0].event) { $0.navigation.handle(.dismiss) }   // OK
        tester.send(alert.buttons[0].event)   // a late second press: nothing
        #expect(repository.calls == ["user(1)", "setActive(false, 1)", "setActive(false, 1)"])
        await tester.finish()
    }

    @Test func aToggleThatFindsTheUserGoneSaysSo() async {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.deleteElsewhere(1)   // the server answers 404: the user is gone

        tester.send(.toggleActiveTapped) { $0.user.pending = .saving }
        await tester.receive { $0.user.record = .loaded(Self.ann(isActive: false)) }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        await tester.receive {
            $0.user.pending = nil
            $0.user.isGone = true
            $0.user.record = .idle
            $0.user.origin = nil
        }

        #expect(tester.state.message == UserError.notFound.message)
        #expect(!tester.state.canRetry)
        #expect(!tester.state.canEdit)
        #expect(tester.state.navigation.modal == nil, "gone is shown in place, not as an alert")
        tester.appear()   // gone: nothing to load
        #expect(repository.calls == ["user(1)", "setActive(false, 1)"])
        await tester.finish()
    }

    @Test func aWriteOutlivesTheScreenAndTheViewModelItself() async {
        var viewModel: UserDetailViewModel? = UserDetailViewModel(userID: 1, repository: repository, records: records)
        viewModel?.appear()
        #expect(await clock.advance(until: { viewModel?.state.user.value != nil }))
        viewModel?.send(.toggleActiveTapped)
        #expect(viewModel?.state.isSaving == true)
        weak let released = viewModel
        viewModel?.disappear()
        viewModel = nil
        #expect(released == nil, "the records hold no screen")

        #expect(await clock.advance(until: { !records.isPending(1) }))
        #expect(records.value(for: 1) == Self.ann(isActive: false))
        #expect(repository.calls == ["user(1)", "setActive(false, 1)"])
    }

    // MARK: - Delete

    @Test func deleteAsksForConfirmationAndCancelClearsIt() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        let confirmation = Alert<UserDetailViewModel.Event>.deleteConfirmation(of: Self.ann)
        #expect(confirmation.buttons.map { $0.label.resolved(in: .japanese) } == ["削除", "キャンセル"])
        #expect(confirmation.message.resolved(in: .japanese) == "\(Self.ann.name)を削除しますか？")
        tester.send(.deleteTapped) { $0.navigation.present(confirmation) }
        tester.send(confirmation.buttons[1].event) { $0.navigation.handle(.dismiss) }   // Cancel
        tester.send(.deleteConfirmed)   // no longer confirming: nothing
        tester.send(confirmation.buttons[1].event)   // nothing to cancel: nothing

        #expect(repository.calls == ["user(1)"])
        #expect(!records.isPending(1))
        await tester.finish()
    }

    @Test func aConfirmedDeleteIsPendingAtOnceGoneOnceOnDiskAndSent() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        let confirmation = Alert<UserDetailViewModel.Event>.deleteConfirmation(of: Self.ann)
        tester.send(.deleteTapped) { $0.navigation.present(confirmation) }
        tester.send(confirmation.buttons[0].event) {   // Delete
            $0.navigation.handle(.dismiss)
            $0.user.pending = .deleting
        }
        #expect(!tester.state.canEdit)
        #expect(records.value(for: 1) == Self.ann && records.isPending(1), "pending on every screen at once (the app closes this one)")
        tester.send(.deleteConfirmed)   // not confirming any more: nothing
        await records.waitUntilSaved()
        #expect(records.value(for: 1) == nil, "on disk: gone from every screen")
        #expect(records.isPending(1))

        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.user.pending = nil; $0.user.isGone = true; $0.user.record = .idle; $0.user.origin = nil }
        #expect(repository.calls == ["user(1)", "delete(1)"])
        await tester.finish()
    }

    @Test func deleteConfirmedWithoutDeleteTappedDoesNothing() async {
        let tester = makeTester()
        await appearAndLoad(tester)

        tester.send(.deleteConfirmed)
        await clock.advance(by: .seconds(1))

        #expect(repository.calls == ["user(1)"])
        await tester.finish()
    }

    @Test func deleteBeforeTheUserIsLoadedDoesNothing() async {
        let tester = makeTester()
        tester.send(.deleteTapped)
        tester.send(.toggleActiveTapped)
        tester.appear { $0.user.record = .loading() }
        tester.send(.deleteTapped)   // still loading: nothing
        await clock.advance(by: .milliseconds(50))
        await tester.receive { $0.user.record = .loaded(Self.ann); $0.user.origin = .network }
        #expect(repository.calls == ["user(1)"])
        await tester.finish()
    }

    @Test func aRefusedDeleteKeepsTheUserAndShowsAnAlert() async {
        let tester = makeTester()
        await appearAndLoad(tester)
        repository.fail(.delete, with: .invalidData)

        tester.send(.deleteTapped) { $0.navigation.present(.deleteConfirmation(of: Self.ann)) }
        tester.send(.deleteConfirmed) { $0.navigation.handle(.dismiss); $0.user.pending = .deleting }
        #expect(await repository.waitForWrites(1))
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.user.pending = nil }
        await tester.receive {
            $0.navigation.present(Alert(ErrorPresentation(UserError.invalidData), dismiss: .navigation(.dismiss)))
        }
        #expect(tester.state.user.record == .loaded(Self.ann))
        #expect(records.value(for: 1) == Self.ann)
        await tester.finish()
    }
}
