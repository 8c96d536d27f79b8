import Foundation
import MVVMTestSupport
import MVVMCore
import MVVMTesting
import Testing
@testable import WeatherFeature

/// Forecasts on a test clock: each city answers after its latency, or fails.
final class StubWeatherRepository: WeatherRepository, @unchecked Sendable {
    // `@unchecked Sendable`: `failures` and `requested` are only touched while `lock` is held.
    private let lock = NSLock()
    private var failures: [City.ID: WeatherError] = [:]
    private var requested: [City.ID] = []
    let clock: TestClock
    let latency: [City.ID: Duration]

    init(clock: TestClock, latency: [City.ID: Duration] = [:]) {
        self.clock = clock
        self.latency = latency
    }

    var requests: [City.ID] { lock.withLock { requested } }
    func fail(_ city: City.ID, with error: WeatherError?) { lock.withLock { failures[city] = error } }

    func forecast(for city: City) async throws(WeatherError) -> Forecast {
        let failure = lock.withLock {
            requested.append(city.id)
            return failures[city.id]
        }
        do { try await clock.sleep(for: latency[city.id] ?? .milliseconds(100)) } catch { throw .cancelled }
        if let failure { throw failure }
        return Self.forecast(for: city)
    }

    static func forecast(for city: City) -> Forecast {
        Forecast(
            title: "\(city.prefecture) \(city.name) の天気", publishedAt: "2024/09/28 11:00:00",
            publishingOffice: "\(city.name)地方気象台", headline: "", body: "晴れるでしょう。",
            days: [DailyForecast(date: "2024-09-28", label: "今日", telop: "晴れ", minCelsius: nil, maxCelsius: 29,
                                 chanceOfRain: [RainChance(period: "00-06", percent: nil)])]
        )
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct WeatherViewModelTests {
    let clock = TestClock()
    static let tokyo = City(id: "130010", name: "東京", prefecture: "東京都")
    static let osaka = City(id: "270000", name: "大阪", prefecture: "大阪府")
    static let cities = [tokyo, osaka]

    func makeTester(latency: [City.ID: Duration] = [:]) -> (ViewModelTester<WeatherViewModel>, StubWeatherRepository) {
        let repository = StubWeatherRepository(clock: clock, latency: latency)
        return (ViewModelTester(WeatherViewModel(repository: repository, cities: Self.cities), clock: clock), repository)
    }

    @Test func theForecastLoadsOnAppear() async {
        let (tester, _) = makeTester()
        tester.appear { $0.forecast = .loading() }
        #expect(tester.state.isLoading)
        #expect(tester.state.titleText == "東京都 東京")
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(StubWeatherRepository.forecast(for: Self.tokyo))) }

        #expect(tester.state.titleText == "東京都 東京 の天気")
        #expect(tester.state.dateText == "2024/09/28 11:00:00")
        #expect(tester.state.bodyText == "晴れるでしょう。")
        tester.appear()   // already shown: nothing
        await tester.finish()
    }

    @Test func selectingACityLoadsItWithoutShowingThePreviousCitysForecast() async {
        let (tester, _) = makeTester()
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        let tokyo = StubWeatherRepository.forecast(for: Self.tokyo)
        await tester.receive { $0.forecast = .loaded(.fresh(tokyo)) }

        // 大阪 is loading: its name shows, never 東京's forecast.
        tester.send(.citySelected(id: "270000")) { $0.selectedCity = Self.osaka; $0.forecast = .loading() }
        #expect(tester.state.titleText == "大阪府 大阪")
        #expect(tester.state.dateText == "")
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(StubWeatherRepository.forecast(for: Self.osaka))) }
        tester.send(.citySelected(id: "999999"))   // not in the list: nothing
        await tester.finish()
    }

    @Test func theLatestSelectionWinsOverASlowerEarlierOne() async {
        let (tester, repository) = makeTester(latency: ["130010": .seconds(2), "270000": .milliseconds(100)])
        tester.appear { $0.forecast = .loading() }
        await tester.settle()
        #expect(repository.requests == ["130010"])   // Tokyo's request is in flight
        tester.send(.citySelected(id: "270000")) { $0.selectedCity = Self.osaka }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(StubWeatherRepository.forecast(for: Self.osaka))) }
        await clock.advance(by: .seconds(3))   // Tokyo's late answer never lands

        #expect(repository.requests == ["130010", "270000"])
        #expect(tester.state.forecast.value?.value.title == "大阪府 大阪 の天気")
        await tester.finish()
    }

    /// Issue 15's bug: moving on to a city whose forecast fails showed the error under the
    /// previous city's title and forecast, so Tokyo's forecast read as Osaka's.
    @Test func aFailureForTheNewCityShowsThatCityAndTheErrorNeverThePreviousForecast() async {
        let (tester, repository) = makeTester()
        repository.fail("270000", with: .noInternet)
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(StubWeatherRepository.forecast(for: Self.tokyo))) }

        tester.send(.citySelected(id: "270000")) { $0.selectedCity = Self.osaka; $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .failed(ErrorPresentation(WeatherError.noInternet), previous: nil) }

        #expect(tester.state.titleText == "大阪府 大阪")
        #expect(tester.state.dateText == "")
        #expect(tester.state.bodyText == "")
        #expect(tester.state.forecast.value == nil)
        await tester.finish()
    }

    @Test func aFailureShowsTheDomainMessageAndRetryLoads() async {
        let (tester, repository) = makeTester()
        repository.fail("130010", with: .noInternet)
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        let offline = ErrorPresentation(WeatherError.noInternet)
        await tester.receive { $0.forecast = .failed(offline, previous: nil) }
        #expect(tester.state.forecast.error?.message.resolved(in: .japanese) == "ネットワークエラー: サーバーに接続できません")
        #expect(offline.isRetryable)

        repository.fail("130010", with: nil)
        tester.send(.retryTapped) { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(StubWeatherRepository.forecast(for: Self.tokyo))) }
        await tester.finish()
    }

    @Test func disappearingMidLoadThenAppearingShowsAFreshForecast() async {
        let (tester, repository) = makeTester()
        tester.appear { $0.forecast = .loading() }
        await tester.settle()
        #expect(repository.requests == ["130010"])
        tester.viewModel.disappear()
        await tester.receive { $0.forecast = .idle }
        await clock.advance(by: .seconds(1))   // the cancelled answer never lands

        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(StubWeatherRepository.forecast(for: Self.tokyo))) }
        #expect(repository.requests == ["130010", "130010"])
        await tester.finish()
    }

    @Test func disappearingDuringARefreshKeepsTheForecastShown() async {
        let (tester, _) = makeTester()
        let tokyo = StubWeatherRepository.forecast(for: Self.tokyo)
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(tokyo)) }
        tester.send(.retryTapped) { $0.forecast = .loading(previous: .fresh(tokyo)) }
        tester.viewModel.disappear()
        await tester.receive { $0.forecast = .loaded(.fresh(tokyo)) }
        await tester.finish()
    }

    @Test func missingNumbersReachTheScreenAsDashes() {
        #expect(WeatherText.temperature(nil) == "--℃")
        #expect(WeatherText.temperature(-2) == "-2℃")
        #expect(WeatherText.chanceOfRain(nil) == "--%")
        #expect(WeatherText.chanceOfRain(0) == "0%")
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct WeatherNoBindingViewModelTests {
    @Test func theClosureReceivesEachPhaseOnce() async {
        let clock = TestClock()
        let repository = StubWeatherRepository(clock: clock)
        let viewModel = clock.perform { WeatherNoBindingViewModel(repository: repository, cities: WeatherViewModelTests.cities) }
        var phases: [WeatherNoBindingViewModel.Phase] = []
        viewModel.stateDidUpdate = { phases.append($0) }

        viewModel.viewDidLoad()
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(100))
        #expect(await waitUntilIdle(viewModel.viewModel))
        repository.fail("270000", with: .server)
        viewModel.citySelected("270000")
        await clock.advance(by: .zero)
        await clock.advance(by: .milliseconds(100))
        #expect(await waitUntilIdle(viewModel.viewModel))

        #expect(phases == [
            .loading(WeatherViewModelTests.tokyo),
            .loaded(StubWeatherRepository.forecast(for: WeatherViewModelTests.tokyo)),
            .loading(WeatherViewModelTests.osaka),
            .failed(message: WeatherError.server.message, canRetry: true),
        ])
    }

    @Test func settingTheClosureDeliversTheCurrentPhase() async {
        let viewModel = WeatherNoBindingViewModel(repository: StubWeatherRepository(clock: TestClock()))
        var phases: [WeatherNoBindingViewModel.Phase] = []
        viewModel.viewDidLoad()
        viewModel.stateDidUpdate = { phases.append($0) }

        #expect(phases == [.loading(City.tokyo)], "article 002 opens on Tokyo (130010)")
        viewModel.viewModel.disappear()
    }
}
