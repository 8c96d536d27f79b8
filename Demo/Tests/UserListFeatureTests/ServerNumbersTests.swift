import Foundation
import MVVMTestSupport
import MVVMTesting
import Testing
@testable import UserListFeature

/// Numbers from the server never trap the app: counts at the edges of `Int` are either refused
/// where they are decoded or kept in range by the screen's arithmetic.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct ServerNumbersTests {
    let clock = TestClock()
    static let users = sampleUsers(10)

    /// A loaded screen whose server claimed `stats`.
    func loadedScreen(claiming stats: UserStats) async -> (UserListViewModel, StubUserRepository, TestRecords) {
        let repository = StubUserRepository(users: Self.users, clock: clock)
        repository.statsOverride = stats
        let app = TestRecords(repository: repository, clock: clock)
        let viewModel = clock.perform { UserListViewModel(repository: repository, records: app.records, analytics: RecordingAnalytics()) }
        viewModel.appear()
        #expect(await advanceUntilIdle(viewModel, clock: clock))
        #expect(viewModel.state.activeCount == max(0, stats.active), "a negative count shows as 0")
        return (viewModel, repository, app)
    }

    @Test func activatingAUserWhenTheServerSaidIntMaxKeepsIntMax() async throws {
        let (viewModel, _, app) = await loadedScreen(claiming: UserStats(total: .max, active: .max))
        let inactive = try #require(Self.users.first { !$0.isActive })

        viewModel.send(.toggleActiveTapped(userID: inactive.id))
        #expect(viewModel.state.users.rows.first { $0.id == inactive.id }?.pending == .saving)
        await app.records.waitUntilSaved()   // the toggle shows: the count moves up from .max

        #expect(viewModel.state.visibleUsers.first { $0.id == inactive.id }?.isActive == true)
        #expect(viewModel.state.activeCount == .max)
        #expect(await clock.advance(until: { app.records.pendingIDs.isEmpty }))
        #expect(await advanceUntilIdle(viewModel, clock: clock))
        #expect(viewModel.state.activeCount == .max)
        withExtendedLifetime(app) {}
    }

    @Test func deletingAnActiveUserWhenTheServerSaidIntMinShowsZero() async throws {
        let (viewModel, _, app) = await loadedScreen(claiming: UserStats(total: 0, active: .min))
        let active = try #require(Self.users.first { $0.isActive })

        viewModel.send(.deleteTapped(userID: active.id))

        viewModel.send(.deleteConfirmed(userID: active.id))
        #expect(viewModel.state.users.rows.first { $0.id == active.id }?.pending == .deleting)
        await app.records.waitUntilSaved()   // the delete shows: the count moves down from .min

        #expect(!viewModel.state.visibleUsers.contains { $0.id == active.id })
        #expect(viewModel.state.activeCount == 0)
        #expect(await clock.advance(until: { app.records.pendingIDs.isEmpty }))
        #expect(await advanceUntilIdle(viewModel, clock: clock))
        #expect(viewModel.state.activeCount == 0)
        withExtendedLifetime(app) {}
    }

    @Test func aRefusedDeleteOfAnActiveUserPutsTheCountBackWithoutOverflowing() async throws {
        let (viewModel, repository, app) = await loadedScreen(claiming: UserStats(total: .max, active: .max))
        let active = try #require(Self.users.first { $0.isActive })
        repository.fail(.delete, with: .invalidData)

        viewModel.send(.deleteTapped(userID: active.id))

        viewModel.send(.deleteConfirmed(userID: active.id))
        #expect(viewModel.state.users.rows.first { $0.id == active.id }?.pending == .deleting)
        #expect(viewModel.state.activeCount == .max, "the count moves once the delete shows")
        await app.records.waitUntilSaved()   // on disk: the row goes, and the count with it
        #expect(!viewModel.state.visibleUsers.contains { $0.id == active.id })
        #expect(viewModel.state.activeCount == .max - 1)
        #expect(await clock.advance(until: { app.records.pendingIDs.isEmpty }))

        #expect(viewModel.state.activeCount == .max)
        withExtendedLifetime(app) {}
    }

    @Test(arguments: [
        #"{"total": 10, "active": 11}"#,
        #"{"total": 10, "active": -1}"#,
        #"{"total": -5, "active": 0}"#,
        #"{"total": 10, "active": -9223372036854775808}"#,
    ])
    func countsOutOfRangeAreADecodingErrorNotAScreen(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserStatsDTO.self, from: Data(json.utf8))
        }
    }

    @Test func countsAtTheTopOfTheRangeDecode() throws {
        let json = #"{"total": 9223372036854775807, "active": 9223372036854775807}"#
        let stats = try JSONDecoder().decode(UserStatsDTO.self, from: Data(json.utf8))
        #expect(stats.active == .max)
    }
}

/// A write answered about the wrong user is an error the user sees, not a row pending forever.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct MismatchedAnswerTests {
    let clock = TestClock()
    static let users = sampleUsers(10)

    @Test func aToggleAnsweredWithAnotherUsersIdRollsBackSaysSoAndCanBeTriedAgain() async throws {
        let repository = StubUserRepository(users: Self.users, clock: clock)
        let app = TestRecords(repository: repository, clock: clock)
        let viewModel = clock.perform { UserListViewModel(repository: repository, records: app.records, analytics: RecordingAnalytics()) }
        viewModel.appear()
        #expect(await advanceUntilIdle(viewModel, clock: clock))
        let user = try #require(Self.users.first)
        repository.setActiveAnswersWithID = user.id + 1

        viewModel.send(.toggleActiveTapped(userID: user.id))
        #expect(viewModel.state.users.rows.first { $0.id == user.id }?.pending == .saving)
        #expect(await clock.advance(until: { app.records.pendingIDs.isEmpty }))

        #expect(viewModel.state.visibleUsers.first { $0.id == user.id }?.isActive == user.isActive)
        #expect(viewModel.state.navigation.modal?.message == UserError.invalidData.message)

        repository.setActiveAnswersWithID = nil
        viewModel.send(.toggleActiveTapped(userID: user.id))
        #expect(await clock.advance(until: { app.records.pendingIDs.isEmpty }))
        #expect(viewModel.state.visibleUsers.first { $0.id == user.id }?.isActive == !user.isActive)
        #expect(repository.calls.filter { $0.hasPrefix("setActive") }.count == 2)
        withExtendedLifetime(app) {}
    }
}
