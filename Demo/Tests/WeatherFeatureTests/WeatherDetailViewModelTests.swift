import Foundation
import MVVMCore
import MVVMTesting
import Testing
@testable import WeatherFeature

/// Exhaustive scripts of one city's forecast screen, on ``StubWeatherRepository``'s test clock
/// (every forecast answers after 100 ms).
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct WeatherDetailViewModelTests {
    let clock = TestClock()
    let repository: StubWeatherRepository
    let tester: ViewModelTester<WeatherDetailViewModel>
    static let utsunomiya = City(id: "090010", name: "宇都宮", prefecture: "栃木県")
    static let forecast = StubWeatherRepository.forecast(for: utsunomiya)

    init() {
        repository = StubWeatherRepository(clock: clock)
        tester = ViewModelTester(WeatherDetailViewModel(city: Self.utsunomiya, repository: repository), clock: clock)
    }

    @Test func beforeLoadingTheTitleIsTheCityAndNothingElseShows() async {
        #expect(tester.state.city == Self.utsunomiya)
        #expect(tester.state.forecast == .idle)
        #expect(tester.state.titleText == "栃木県 宇都宮")
        #expect(tester.state.dateText == "")
        #expect(tester.state.bodyText == "")
        #expect(tester.state.days.isEmpty)
        #expect(tester.state.error == nil)
        #expect(!tester.state.isLoading)
        #expect(repository.requests.isEmpty, "nothing loads before the screen appears")
        await tester.finish()
    }

    @Test func appearingLoadsTheCitysForecast() async {
        tester.appear { $0.forecast = .loading() }
        #expect(tester.state.isLoading)
        #expect(tester.state.titleText == "栃木県 宇都宮")
        #expect(tester.state.bodyText == "")
        await clock.advance(by: .milliseconds(99))   // the answer takes 100 ms: nothing yet
        #expect(tester.state.isLoading)
        await clock.advance(by: .milliseconds(1))
        await tester.receive { $0.forecast = .loaded(.fresh(Self.forecast)) }

        #expect(!tester.state.isLoading)
        #expect(tester.state.titleText == Self.forecast.title)
        #expect(tester.state.titleText == "栃木県 宇都宮 の天気")
        #expect(tester.state.dateText == Self.forecast.publishedAt)
        #expect(tester.state.dateText == "2024/09/28 11:00:00")
        #expect(tester.state.bodyText == Self.forecast.body)
        #expect(tester.state.bodyText == "晴れるでしょう。")
        #expect(tester.state.days == Self.forecast.days)
        #expect(tester.state.days.map(\.label) == ["今日"])
        #expect(tester.state.error == nil)
        #expect(repository.requests == ["090010"])
        await tester.finish()
    }

    @Test func appearingWhenAlreadyLoadedDoesNotReload() async {
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(Self.forecast)) }

        tester.disappear()   // no work in flight: nothing changes
        tester.appear()      // shown: nothing to load
        await clock.advance(by: .seconds(1))
        #expect(repository.requests == ["090010"])
        #expect(tester.state.forecast == .loaded(.fresh(Self.forecast)))
        await tester.finish()
    }

    @Test func appearingWhileLoadingDoesNotLoadTwice() async {
        tester.appear { $0.forecast = .loading() }
        tester.appear()
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(Self.forecast)) }
        #expect(repository.requests == ["090010"])
        await tester.finish()
    }

    @Test func aFailureShowsTheErrorUnderTheCityAndRetryLoads() async {
        repository.fail("090010", with: .server)
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        let failure = ErrorPresentation(WeatherError.server)
        await tester.receive { $0.forecast = .failed(failure, previous: nil) }

        #expect(tester.state.error == failure)
        #expect(tester.state.error?.message.resolved(in: .japanese) == "サーバーエラーが発生しました。しばらくしてから、もう一度お試しください。")
        #expect(tester.state.error?.isRetryable == true)
        #expect(tester.state.titleText == "栃木県 宇都宮")
        #expect(tester.state.bodyText == "")
        #expect(tester.state.days.isEmpty)

        repository.fail("090010", with: nil)
        tester.send(.retryTapped) { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(Self.forecast)) }

        #expect(tester.state.error == nil)
        #expect(tester.state.bodyText == "晴れるでしょう。")
        #expect(repository.requests == ["090010", "090010"])
        await tester.finish()
    }

    @Test func appearingAfterAFailureLoadsAgain() async {
        repository.fail("090010", with: .noInternet)
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .failed(ErrorPresentation(WeatherError.noInternet), previous: nil) }

        repository.fail("090010", with: nil)
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(Self.forecast)) }
        #expect(repository.requests == ["090010", "090010"])
        await tester.finish()
    }

    @Test func disappearingMidLoadCancelsToIdleAndAppearingAgainReloads() async {
        tester.appear { $0.forecast = .loading() }
        await tester.settle()
        #expect(repository.requests == ["090010"])   // the request is in flight
        tester.disappear { $0.forecast = .idle }
        await clock.advance(by: .seconds(1))   // the cancelled answer never lands
        #expect(tester.state.forecast == .idle)
        #expect(tester.state.titleText == "栃木県 宇都宮")

        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(Self.forecast)) }
        #expect(repository.requests == ["090010", "090010"])
        await tester.finish()
    }

    @Test func aRetryOverAShownForecastKeepsItShownWhileLoading() async {
        tester.appear { $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(.fresh(Self.forecast)) }

        tester.send(.retryTapped) { $0.forecast = .loading(previous: .fresh(Self.forecast)) }
        #expect(tester.state.isLoading)
        #expect(tester.state.bodyText == "晴れるでしょう。")
        tester.disappear { $0.forecast = .loaded(.fresh(Self.forecast)) }   // cancelled: the forecast stays
        #expect(tester.state.bodyText == "晴れるでしょう。")
        await tester.finish()
    }
}
