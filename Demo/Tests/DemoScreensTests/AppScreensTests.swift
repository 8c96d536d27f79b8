import AppFeature
@testable import DemoScreens
import Foundation
import MVVMCore
import MVVMData
import MVVMTestSupport
@testable import MVVMTerminal
import Testing
import WeatherFeature

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct AppScreensTests {
    @Test func eachDestinationOnTheStackGetsItsScreen() throws {
        let app = try pendingApp(path: "users/5")
        let city = City(id: "130010", name: "東京", prefecture: "東京都")
        app.send(.opened(.registration))
        #expect(AppScreens.root(app) is HomeScreen)
        let expected: [(AppDestination, any Screen.Type)] = [(.users, UserListScreen.self), (.user(id: 5), UserDetailScreen.self), (.registration, RegistrationScreen.self)]
        for (destination, type) in expected {
            let model = try #require(app.screenModel(for: destination), "\(destination)")
            #expect(Swift.type(of: AppScreens.screen(for: model)) == type)
        }
        #expect(app.screenModel(for: .city(city)) == nil, "no ViewModel for what is not on the stack")
        let weatherApp = try pendingApp(path: "weather/130010")
        let weather = try #require(weatherApp.screenModel(for: .weather))
        #expect(AppScreens.screen(for: weather) is WeatherScreen)
        let forecast = try #require(weatherApp.screenModel(for: .city(city)))
        #expect(AppScreens.screen(for: forecast) is WeatherDetailScreen)
    }

    /// Where the user is cannot be saved (a read-only cache folder): every screen but home, which
    /// has the whole notice, marks it at the top right (issue 54: a session restored over such a
    /// folder opens on another screen, and never said so).
    @Test func aScreenOtherThanHomeMarksThatNothingCanBeSaved() throws {
        let folder = try TemporaryFolder()
        let blocked = folder.url.appending(path: "blocked")
        try Data().write(to: blocked)   // a file where the folder should be
        let app = try Dependencies.with { $0.sharedValues = SharedValues(directory: blocked) } operation: { try pendingApp(path: "weather") }
        var frame = Frame(width: 40, height: 4)
        AppScreens.navigation(app).screen(.weather).render(into: &frame)
        let top = frame.text.split(separator: "\n", omittingEmptySubsequences: false)[0]
        #expect(top.hasSuffix("  not saved"), "\(top)")
        #expect(frame[0, 30].style.foreground == .yellow)
        var saved = Frame(width: 40, height: 4)
        AppScreens.navigation(try pendingApp(path: "weather")).screen(.weather).render(into: &saved)
        #expect(!saved.text.contains("not saved"), "a folder that can be written: no mark")
    }

    @Test func aDestinationWithoutAViewModelShowsAScreenThatGoesBack() {
        let screen = GoneScreen()
        var frame = Frame(width: 20, height: 2)
        screen.render(into: &frame)
        #expect(frame.line(1).contains("q Back"))
        #expect(screen.handle(.character("x")) == nil)
        guard case .pop? = screen.handle(.character("q")) else { Issue.record("q should go back"); return }
        guard case .pop? = screen.handle(.escape) else { Issue.record("Esc should go back"); return }
    }

    @Test func theBindingFollowsTheAppsStackAndBackEvent() throws {
        let app = try pendingApp(path: "users/5")
        let binding = AppScreens.navigation(app)
        #expect(binding.stack() == [.users, .user(id: 5)])
        #expect((binding.screen(.user(id: 5)) as? UnsavedMarkScreen)?.screen is UserDetailScreen, "with the mark when nothing can be saved")
        #expect(binding.screen(.registration) is GoneScreen)
        binding.back()
        #expect(app.state.navigation.stack == [.users])
    }
}
