import MVVMTestSupport
import AppFeature
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import RegistrationFeature
import Testing
import UserListFeature
import WeatherFeature

/// After a kill the app comes back where the user left it: the screens open, the list's search
/// and the registration's login id, from the values saved in the app's folder as they changed.
/// A password is never among them: no file in the folder holds it.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct AppRestoreTests {
    let users = InMemoryUserRepository(sampleUsers)
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// The app of one start: its shared values in `folder` (or `shared`), as the demo keeps them.
    func start(path: String? = nil, shared: URL? = nil) throws -> AppViewModel {
        try Dependencies.with {
            $0.sharedValues = SharedValues(directory: shared ?? folder.url)
            $0.useTestRepositories(users: users)
        } operation: {
            try AppViewModel(path: path)
        }
    }

    @Test func theScreenTheSearchAndTheDraftAreBackAndNoFileHoldsThePassword() throws {
        let password = "Secret-pass-9"
        do {
            let app = try start()
            #expect(app.state.navigation.stack == [], "a first start: the home menu")
            app.send(.opened(.registration))
            guard case .registration(let form)? = app.screenModel(for: .registration) else { Issue.record("no form"); return }
            form.send(.loginIDChanged("yamada@example.com"))
            form.send(.passwordChanged(password))
            app.send(.navigation(.back))
            app.send(.opened(.users))
            guard case .users(let list)? = app.screenModel(for: .users) else { Issue.record("no list"); return }
            list.send(.searchTextChanged("smith"))
            // Killed here: nothing runs after the last event.
        }
        let app = try start()
        #expect(app.state.navigation.stack == [.users], "the screen open when the app was killed")
        guard case .users(let list)? = app.screenModel(for: .users) else { Issue.record("no list"); return }
        #expect(list.state.searchText == "smith")
        app.send(.navigation(.back))
        app.send(.opened(.registration))
        guard case .registration(let form)? = app.screenModel(for: .registration) else { Issue.record("no form"); return }
        #expect(form.state.form.loginID == "yamada@example.com")
        #expect(form.state.form.password == "", "a password is never kept")
        #expect(form.state.loginIDStatus == .ok, "the restored id is validated")

        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path)
        #expect(!files.isEmpty)
        for file in files {
            let data = FileManager.default.contents(atPath: folder.path(file)) ?? Data()
            #expect(data.range(of: Data(password.utf8)) == nil, "\(file) holds the password")
        }
    }

    @Test func aFolderThatCannotBeWrittenIsSaidOnTheHomeScreenUntilASaveWorks() async throws {
        let blocked = folder.url.appending(path: "blocked")
        try Data().write(to: blocked)   // a file where the folder should be: root cannot write in it either
        let app = try ViewModelTester(start(path: "", shared: blocked))
        #expect(app.state.showsUnsavedNotice, "said from the start")

        app.send(.opened(.registration)) { $0.navigation.push(.registration) }   // the app works on
        try FileManager.default.removeItem(at: blocked)
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        app.send(.navigation(.back)) { $0.navigation.handle(.back) }
        await app.receive { $0.showsUnsavedNotice = false }   // the path was saved
        #expect(try start(shared: blocked).state.navigation.stack == [], "saved: the home menu")
        app.disappear()   // the records' delivery ends with the app
        await app.finish()
    }

    @Test func aDeepLinkWinsOverTheSavedScreensAndASavedPathThatNoLongerOpensShowsTheMenu() throws {
        _ = try start(path: "users/42")
        #expect(try start().state.navigation.stack == [.users, .user(id: 42)])
        #expect(try start(path: "weather").state.navigation.stack == [.weather])
        try Data(#""users/abc""#.utf8).write(to: folder.url.appending(path: "open-screens.json"))
        #expect(try start().state.navigation.stack == [], "a saved path that names no screen: the home menu")
    }
}
