import DemoScreens
import MVVMTerminal
import Testing
import WeatherFeature

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct WeatherDetailScreenTests {
    let city = City(id: "130010", name: "東京", prefecture: "東京都")

    @Test func scrollsTheTextRetriesAndGoesBack() {
        let viewModel = WeatherDetailViewModel(city: city, repository: WeatherScreenTests.PendingWeatherRepository())
        let screen = WeatherDetailScreen(viewModel: viewModel)
        screen.didAppear()
        defer { screen.willDisappear() }
        var frame = Frame(width: 40, height: 10)
        screen.render(into: &frame)
        #expect(frame.text.contains("Loading…"))
        _ = screen.handle(.down)
        _ = screen.handle(.character("j"))
        #expect(screen.scrollOffset == 2)
        _ = screen.handle(.up)
        _ = screen.handle(.character("k"))
        _ = screen.handle(.up)
        #expect(screen.scrollOffset == 0, "never above the first line")
        #expect(screen.handle(.character("r")) == nil)
        #expect(viewModel.state.forecast.isLoading)
        guard case .pop? = screen.handle(.character("q")) else { Issue.record("q should go back"); return }
        guard case .pop? = screen.handle(.escape) else { Issue.record("Esc should go back"); return }
    }
}
