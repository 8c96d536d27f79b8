import Foundation
import AppFeature
import MVVMCore
import MVVMData
import MVVMTesting
import RegistrationFeature
import Testing
import UserListFeature
import WeatherFeature

/// The app is made by a `ViewModelTester`: the screens it opens, and the records' delivery it
/// runs, run their work on the tester's executor, so `settle()` runs it all without a wall clock.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct AppViewModelTests {
    let users = InMemoryUserRepository(sampleUsers)

    /// The app over `users`, with its records' writes waiting in memory.
    func makeApp(path: String = "") throws -> AppViewModel {
        try Dependencies.with { $0.useTestRepositories(users: users) } operation: {
            try AppViewModel(path: path)
        }
    }

    nonisolated static let tokyo = City.all.first { $0.id == "130010" }!

    @Test(arguments: [
        ("", [AppDestination]()),
        ("users", [.users]),
        ("users/42", [.users, .user(id: 42)]),
        ("/users/42/", [.users, .user(id: 42)]),
        ("registration", [.registration]),
        ("weather", [.weather]),
        ("weather/130010", [.weather, .city(tokyo)]),
    ])
    func aPathOpensTheScreensItNamesAndRoundTrips(path: String, stack: [AppDestination]) throws {
        let app = try makeApp(path: path)
        #expect(app.state.navigation.stack == stack)
        #expect(try makeApp(path: app.path).state.navigation.stack == stack)
    }

    @Test(arguments: [
        ("nowhere", NavigationPathError.unknownComponent("nowhere", position: 0, parent: nil)),
        ("users/abc", .unknownComponent("abc", position: 1, parent: "users")),
        ("users/042", .unknownComponent("042", position: 1, parent: "users")),
        ("users/+42", .unknownComponent("+42", position: 1, parent: "users")),
        ("users/0", .unknownComponent("0", position: 1, parent: "users")),
        ("users/99999999999999999999", .unknownComponent("99999999999999999999", position: 1, parent: "users")),
        ("users/42/more", .unknownComponent("more", position: 2, parent: "42")),
        ("weather/999999", .unknownComponent("999999", position: 1, parent: "weather")),
        ("registration/1", .unknownComponent("1", position: 1, parent: "registration")),
        ("users//42", .emptyComponent(position: 1)),
        ("users/%4", .invalidEscape(position: 1)),
    ])
    func aPathThatNamesNoScreenIsATypedError(path: String, error: NavigationPathError) {
        #expect(throws: error) { try makeApp(path: path) }
    }

    @Test func openingPushesAScreenWithItsOwnViewModelAndBackReleasesIt() async throws {
        let app = try makeApp()
        let leaks = LeakTracker()
        app.send(.opened(.users))
        app.send(.opened(.user(id: 2)))
        #expect(app.path == "users/2")
        guard case .users(let list)? = app.screenModel(for: .users) else { Issue.record("no list"); return }
        do {
            guard case .user(let detail)? = app.screenModel(for: .user(id: 2)) else { Issue.record("no detail"); return }
            #expect(detail.state.userID == 2)
            leaks.track(detail, "the detail of user 2")
        }

        app.send(.navigation(.back))
        #expect(app.state.navigation.stack == [.users])
        #expect(app.screenModel(for: .user(id: 2)) == nil)
        guard case .users(let same)? = app.screenModel(for: .users) else { Issue.record("the list is gone"); return }
        #expect(same === list, "the list keeps its ViewModel, and so its rows and search")
        await leaks.expectAllDeallocated()
    }

    @Test func deletingTheUserOnItsDetailClosesTheDetailAtOnceAndTheListDropsTheRow() async throws {
        let tester = try ViewModelTester(makeApp(path: "users"))
        guard case .users(let list)? = tester.viewModel.screenModel(for: .users) else { Issue.record("no list"); return }
        list.appear()
        await tester.settle()
        #expect(list.state.visibleUsers.count == 3 && list.state.activeCount == 2)
        list.disappear()

        tester.send(.opened(.user(id: 2))) { $0.navigation.push(.user(id: 2)) }
        guard case .user(let detail)? = tester.viewModel.screenModel(for: .user(id: 2)) else { Issue.record("no detail"); return }
        detail.appear()
        await tester.settle()
        #expect(detail.state.user.value?.name == "山田 太郎")
        detail.send(.deleteTapped)
        detail.send(.deleteConfirmed)
        await tester.receive { $0.navigation.handle(.back) }   // shown as done: closed at once

        #expect(tester.state.navigation.stack == [.users])
        #expect(list.state.visibleUsers.map(\.id) == [1, 3])
        #expect(list.state.activeCount == 1)
        await tester.settle()
        #expect(users.users.map(\.id) == [1, 3])
        tester.disappear()   // the app ends: its "user writes" delivery, which runs for its life, with it
        await tester.finish()
    }

    @Test func aChildSaysWhatHappenedAndTheAppOpensItsScreen() async throws {
        let tester = try ViewModelTester(makeApp(path: "users"))
        guard case .users(let list)? = tester.viewModel.screenModel(for: .users) else { Issue.record("no list"); return }
        list.appear()
        await tester.settle()
        list.send(.rowOpened(userID: 404))   // no such row: nothing is said
        #expect(tester.state.navigation.stack == [.users])
        list.send(.rowOpened(userID: 2))
        await tester.receive { $0.navigation.push(.user(id: 2)) }
        list.disappear()
        tester.send(.navigation(.back)) { $0.navigation.handle(.back) }
        tester.send(.opened(.weather)) { $0.navigation.push(.weather) }
        guard case .weather(let cities)? = tester.viewModel.screenModel(for: .weather) else { Issue.record("no city list"); return }
        cities.send(.selectedCityOpened)
        await tester.receive { $0.navigation.push(.city(Self.tokyo)) }
        tester.disappear()
        await tester.finish()
    }

    @Test func oneScriptAssertsTheAppTheListAndTheDetailOpenOverIt() async throws {
        let app = try ViewModelTester(makeApp(path: "users"))
        guard case .users(let listModel)? = app.viewModel.screenModel(for: .users) else { Issue.record("no list"); return }
        let list = app.child(listModel)
        list.appear { $0.users.refresh = .loading }
        await list.receive {
            $0.users.rows = [LiveRow(sampleUsers[0]), LiveRow(sampleUsers[1]), LiveRow(sampleUsers[2])]
            $0.users.origin = .network
            $0.users.refresh = .loaded
            $0.users.nextPage = .reachedEnd
        }
        await list.receive { $0.users.counts = [.active: 2] }
        list.send(.rowOpened(userID: 2))   // no change of its own: the list tells the app
        await app.receive(.opened(.user(id: 2))) { $0.navigation.push(.user(id: 2)) }
        guard case .user(let detailModel)? = app.viewModel.screenModel(for: .user(id: 2)) else { Issue.record("no detail"); return }
        let detail = app.child(detailModel)
        detail.appear()
        await app.settle()
        // A toggle on the detail: both screens show it, pending, then the server's answer.
        detail.send(.toggleActiveTapped) { $0.user.pending = .saving }
        await list.receive { $0.users.rows[1].pending = .saving }
        await detail.receive { $0.user.record = .loaded(User(id: 2, name: "山田 太郎", email: "taro@example.com", isActive: false)) }
        await list.receive {
            $0.users.rows[1].record.isActive = false
            $0.users.counts = [.active: 1]
        }
        await detail.receive(from: "user writes") { $0.user.pending = nil }
        await list.receive(from: "user writes") { $0.users.rows[1].pending = nil }
        app.send(.navigation(.back)) { $0.navigation.handle(.back) }
        app.disappear()
        await app.finish()
    }

    @Test func aToggleOnTheDetailShowsInTheListWithoutAReload() async throws {
        let tester = try ViewModelTester(makeApp(path: "users"))
        guard case .users(let list)? = tester.viewModel.screenModel(for: .users) else { Issue.record("no list"); return }
        list.appear()
        await tester.settle()
        #expect(list.state.visibleUsers.count == 3 && list.state.activeCount == 2)
        list.disappear()

        tester.send(.opened(.user(id: 3))) { $0.navigation.push(.user(id: 3)) }
        guard case .user(let detail)? = tester.viewModel.screenModel(for: .user(id: 3)) else { Issue.record("no detail"); return }
        detail.appear()
        await tester.settle()
        #expect(detail.state.canEdit)
        detail.send(.toggleActiveTapped)
        await tester.settle()
        #expect(!detail.state.isSaving)
        tester.send(.navigation(.back)) { $0.navigation.handle(.back) }

        // Back on the list: the row and the count show the toggle before anything loads.
        var loads = 0
        let token = list.subscribe(sendCurrent: false) { state in if state.users.refresh.isLoading || state.users.nextPage.isLoading { loads += 1 } }
        list.appear()
        #expect(list.state.visibleUsers.first { $0.id == 3 }?.isActive == true)
        #expect(list.state.activeCount == 3)
        #expect(loads == 0, "no page reload")
        token.cancel()
        list.disappear()
        tester.disappear()
        await tester.finish()
    }

    @Test func aUserDeletedElsewhereShowsAMessageOnItsDetail() async throws {
        users.deleteElsewhere(2)
        let tester = try ViewModelTester(makeApp(path: "users/2"))
        guard case .user(let detail)? = tester.viewModel.screenModel(for: .user(id: 2)) else { Issue.record("no detail"); return }
        detail.appear()
        await tester.settle()
        #expect(detail.state.isGone)
        #expect(detail.state.message?.resolved(in: .japanese) == "データが見つかりませんでした")
        #expect(!detail.state.canEdit)
        #expect(tester.state.navigation.stack == [.users, .user(id: 2)], "the message stays until the user goes back")
        tester.disappear()   // the app ends: its "user writes" delivery, which runs for its life, with it
        await tester.finish()
    }
}
