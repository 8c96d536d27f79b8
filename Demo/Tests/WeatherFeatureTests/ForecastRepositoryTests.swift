import DemoServer
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
@testable import WeatherFeature

/// The real forecast fixture (served by the DemoServer for 090010) through the whole model
/// layer: URLSession → DataSource → Repository → domain model. Its nulls and "--%" survive.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ForecastRepositoryTests {
    func repository(_ baseURL: URL) -> RemoteWeatherRepository {
        RemoteWeatherRepository(dataSource: ForecastRemoteDataSource(client: APIClient(baseURL: baseURL, retryPolicy: .none)))
    }

    @Test func theRealFixtureDecodesIntoTheDomainModelWithItsNullsAndNoData() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 10))
        let forecast = await Result { () async throws(WeatherError) in
            try await repository(server.baseURL).forecast(for: City(id: "090010", name: "宇都宮", prefecture: "栃木県"))
        }
        await server.stop()

        let value = try forecast.get()
        #expect(value.title == "栃木県 宇都宮 の天気")
        #expect(value.publishedAt == "2024/09/28 11:00:00")
        #expect(value.publishingOffice == "宇都宮地方気象台")
        #expect(value.headline == "")
        #expect(value.body.hasPrefix("\u{3000}前線が、南西諸島から伊豆諸島付近を通り"))
        #expect(value.days.map(\.label) == ["今日", "明日", "明後日"])
        #expect(value.days[0] == DailyForecast(
            date: "2024-09-28", label: "今日", telop: "曇り", minCelsius: nil, maxCelsius: 29,
            chanceOfRain: [
                RainChance(period: "00-06", percent: nil),
                RainChance(period: "06-12", percent: nil),
                RainChance(period: "12-18", percent: 30),
                RainChance(period: "18-24", percent: 30),
            ]
        ))
    }

    @Test func everyBuiltInCityHasAForecastOnTheDemoServer() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 10))
        var failures: [String] = []
        for city in City.all {
            do {
                let forecast = try await repository(server.baseURL).forecast(for: city)
                if forecast.days.count != 3 { failures.append("\(city.id): \(forecast.days.count) days") }
            } catch {
                failures.append("\(city.id): \(error)")
            }
        }
        await server.stop()
        #expect(failures == [])
    }

    @Test func anUnknownCityAndAFailingServerBecomeDomainErrors() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 10))
        let unknown = await Result { () async throws(WeatherError) in
            try await repository(server.baseURL).forecast(for: City(id: "999999", name: "?", prefecture: "?"))
        }
        await server.stop()
        let offline = await Result { () async throws(WeatherError) in
            try await repository(server.baseURL).forecast(for: City.all[0])
        }

        #expect(unknown.error == .unknownCity)
        #expect(offline.error == .noInternet)
        #expect(WeatherError.noInternet.isRetryable)
    }

    @Test(arguments: [
        ("status=503", WeatherError.server),
        ("status=404", WeatherError.unknownCity),
        ("malformed", WeatherError.invalidData),
        ("truncate", WeatherError.invalidData),
        ("close", WeatherError.noInternet),
    ])
    func injectedFaultsBecomeTheRightMessage(fault: String, expected: WeatherError) async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 10))
        let client = APIClient(
            baseURL: server.baseURL, retryPolicy: .none,
            defaultHeaders: ["Accept": "application/json", "X-Demo-Fault": fault]
        )
        let repository = RemoteWeatherRepository(dataSource: ForecastRemoteDataSource(client: client))
        let result = await Result { () async throws(WeatherError) in try await repository.forecast(for: City.all[1]) }
        await server.stop()

        #expect(result.error == expected)
        #expect(ErrorPresenter.default.presentation(for: expected)?.message == expected.message)
    }

    @Test(arguments: ["--%", "--", " 0%", "100%"])
    func chanceOfRainTextBecomesAPercentOrNoData(text: String) throws {
        let expected: Int? = switch text { case "--%", "--": nil; case " 0%": 0; default: 100 }
        #expect(try ForecastMapping.percent(text) == expected)
    }

    @Test(arguments: ["30", "101%", "abc%", "-5%"])
    func anythingElseIsInvalidData(text: String) {
        #expect(throws: WeatherError.invalidData) { try ForecastMapping.percent(text) }
    }

    @Test func temperaturesAreWholeDegreesOrNull() throws {
        #expect(try ForecastMapping.celsius(nil) == nil)
        #expect(try ForecastMapping.celsius("-3") == -3)
        #expect(throws: WeatherError.invalidData) { try ForecastMapping.celsius("warm") }
    }
}

extension Result {
    /// Runs `body`, capturing its typed failure.
    init(_ body: () async throws(Failure) -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }

    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
