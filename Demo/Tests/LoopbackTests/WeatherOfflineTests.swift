import DemoServer
import MVVMTestSupport
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
import WeatherFeature

/// The weather screen over the real server and a saved-data store: what the user sees on a
/// second start, and with the server gone.
@Suite(.serialized, .timeLimit(.minutes(2)))
@MainActor
struct WeatherOfflineTests {
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    let store = InMemoryCacheStore()
    let tokyo = City.all.first { $0.id == "130010" }!

    func repository(_ baseURL: URL) -> RemoteWeatherRepository {
        RemoteWeatherRepository(
            dataSource: ForecastRemoteDataSource(client: APIClient(baseURL: baseURL, retryPolicy: .none)),
            local: Dependencies.with { $0.now = { [savedAt] in savedAt } } operation: { LocalDataSource(store: store) }
        )
    }

    func openWeather(_ repository: RemoteWeatherRepository) async -> WeatherViewModel {
        let viewModel = WeatherViewModel(repository: repository, cities: [tokyo])
        viewModel.appear()
        #expect(await waitUntilIdle(viewModel), "forecast: \(viewModel.state.forecast)")
        return viewModel
    }

    @Test func aSecondStartShowsTheSavedForecastAtOnceThenTheServers() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 10))
        defer { Task { await server.stop() } }
        let first = await openWeather(repository(server.baseURL))
        let forecast = try #require(first.state.forecast.value?.value)
        #expect(first.state.forecast == .loaded(Fetched(forecast, origin: .network)))

        // Next start: the saved forecast is on screen before the server answers.
        let second = WeatherViewModel(repository: repository(server.baseURL), cities: [tokyo])
        var shown: [Loadable<Fetched<Forecast>>] = []
        let token = second.subscribe(sendCurrent: false) { shown.append($0.forecast) }
        second.appear()
        #expect(await waitUntilIdle(second))
        _ = token
        #expect(shown == [
            .loading(previous: nil),
            .loading(previous: Fetched(forecast, origin: .saved(at: savedAt))),
            .loaded(Fetched(forecast, origin: .network)),
        ])
    }

    @Test func withTheServerGoneTheSavedForecastStaysNextToTheFailure() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 10))
        let online = await openWeather(repository(server.baseURL))
        let forecast = try #require(online.state.forecast.value?.value)
        let deadURL = server.baseURL
        await server.stop()

        let offline = await openWeather(repository(deadURL))
        let failure = try #require(offline.state.forecast.error)
        #expect(offline.state.forecast == .failed(failure, previous: Fetched(forecast, origin: .saved(at: savedAt))))
        #expect(offline.state.savedDataNotice == SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: failure))
        #expect(offline.state.titleText == forecast.title)
        #expect(failure.message == WeatherError.noInternet.message)
    }
}
