import MVVMTesting
import Foundation
import DemoScreens
import MVVMTerminal
import Testing
import UserListFeature

@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct UserDetailScreenTests {
    let users = [User(id: 1, name: "Ann", email: "ann@example.com", isActive: true)]

    @Test func showsTheUserTogglesAndGoesBack() async {
        let viewModel = UserDetailViewModel(userID: 1, repository: OnePageUserRepository(users: users), records: unsentRecords())
        let screen = UserDetailScreen(viewModel: viewModel)
        var frame = Frame.japanese(width: 40, height: 12)
        screen.didAppear()
        defer { screen.willDisappear() }
        screen.render(into: &frame)
        #expect(frame.text.contains("読み込み中…"), "a spinner while the user loads")
        #expect(await settle { viewModel.state.user.value == users[0] })
        screen.render(into: &frame)
        #expect(frame.text.contains("ann@example.com"))

        #expect(screen.handle(.character("t")) == nil)
        #expect(viewModel.state.isSaving, "pending at once")
        #expect(viewModel.state.user.value?.isActive == true, "not shown before it is on disk")
        #expect(await settle { viewModel.state.user.value?.isActive == false }, "the toggle shows once on disk")
        #expect(viewModel.state.isSaving)
        guard case .pop? = screen.handle(.character("q")) else { Issue.record("q should go back"); return }
        guard case .pop? = screen.handle(.escape) else { Issue.record("Esc should go back"); return }
    }

    @Test func deleteAsksFirstAndKeysGoToTheQuestion() async throws {
        let viewModel = UserDetailViewModel(userID: 1, repository: OnePageUserRepository(users: users), records: unsentRecords())
        let screen = UserDetailScreen(viewModel: viewModel)
        screen.didAppear()
        defer { screen.willDisappear() }
        #expect(await settle { viewModel.state.user.value != nil })
        let user = try #require(viewModel.state.user.value)
        _ = screen.handle(.character("d"))
        #expect(viewModel.state.navigation.modal == .deleteConfirmation(of: user))
        #expect(screen.handle(.character("q")) == nil, "keys go to the question while it shows")
        #expect(viewModel.state.navigation.modal == .deleteConfirmation(of: user))
        _ = screen.handle(.escape)
        #expect(viewModel.state.navigation.modal == nil)
        _ = screen.handle(.character("d"))
        _ = screen.handle(.character("y"))
        #expect(viewModel.state.navigation.modal == nil)
        // The delete waits for the server (the app closes this screen meanwhile); nothing else
        // can be changed until it is answered.
        #expect(viewModel.state.isSaving)
        _ = screen.handle(.character("t"))
        #expect(viewModel.state.user.value?.isActive == true)
    }

    @Test func rRetriesAFailedLoad() async {
        let viewModel = UserDetailViewModel(userID: 9, repository: OnePageUserRepository(users: users), records: unsentRecords())
        let screen = UserDetailScreen(viewModel: viewModel)
        screen.didAppear()
        defer { screen.willDisappear() }
        #expect(await settle { viewModel.state.user.record.error != nil || viewModel.state.isGone })
        _ = screen.handle(.character("r"))
        var frame = Frame.japanese(width: 40, height: 12)
        screen.render(into: &frame)
        #expect(frame.line(0).contains("ユーザー 9"))
    }
}
