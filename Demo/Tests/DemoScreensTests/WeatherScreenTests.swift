import AppFeature
import DemoScreens
import MVVMTerminal
import Testing
import WeatherFeature

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct WeatherScreenTests {
    /// A repository whose forecasts wait (cancellably) for an hour.
    struct PendingWeatherRepository: WeatherRepository {
        func forecast(for city: City) async throws(WeatherError) -> Forecast {
            try? await Task.sleep(for: .seconds(3600))
            throw .server
        }
    }

    @Test func theViewModelAppearsWithTheScreenAndItsWorkEndsWhenTheScreenIsHidden() throws {
        let viewModel = WeatherViewModel(repository: PendingWeatherRepository())
        let screen = WeatherScreen(viewModel: viewModel)
        #expect(viewModel.state.forecast == .idle, "nothing loads before the screen is shown")

        screen.didAppear()
        #expect(viewModel.state.isLoading)

        screen.willDisappear()
        #expect(!viewModel.state.isLoading, "a hidden screen leaves no load running")
        #expect(viewModel.state.forecast == .idle)
    }

    @Test func arrowsChooseTheCityAndQGoesBack() throws {
        let cities = [City(id: "130010", name: "東京", prefecture: "東京都"), City(id: "270000", name: "大阪", prefecture: "大阪府")]
        let viewModel = WeatherViewModel(repository: PendingWeatherRepository(), cities: cities)
        let screen = WeatherScreen(viewModel: viewModel)
        screen.didAppear()   // as the app does when it shows the screen
        defer { screen.willDisappear() }
        _ = screen.handle(.down)
        #expect(viewModel.state.selectedCity == cities[1])
        _ = screen.handle(.down)
        #expect(viewModel.state.selectedCity == cities[1])
        _ = screen.handle(.up)
        #expect(viewModel.state.selectedCity == cities[0])
        var frame = Frame(width: 40, height: 4)
        screen.render(into: &frame)
        #expect(frame.line(2) == " 東京          東京都 東京")
        guard case .pop? = screen.handle(.escape) else { Issue.record("Esc should go back"); return }
    }
}
