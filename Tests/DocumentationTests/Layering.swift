// The Layering article's code (MVVMData.docc), compiled and run (SnippetCheckTests).
// OfflineData.swift builds on the same feature.

// snippet: client
import Foundation
import Logging
import MVVMData

/// The weather service's client. Tests pass a `StubTransport` and a `TestClock`.
func makeWeatherServiceClient(
    token: String,
    transport: any HTTPTransport = URLSessionTransport(),
    clock: any Clock<Duration> = ContinuousClock(),
    logger: Logger = Logger(label: "weather.api")
) -> APIClient {
    APIClient(
        baseURL: URL(string: "https://weather.example.com")!,
        transport: transport,
        retryPolicy: .default,   // 3 attempts, 200 ms then 400 ms apart, idempotent requests only
        clock: clock,            // the back-off waits on it
        defaultHeaders: ["Accept": "application/json", "Authorization": "Bearer \(token)"],   // never logged
        logger: logger
    )
}
// snippet end

// snippet: dto
/// The forecast JSON as the server sends it: strings where it sends strings, optionals where it
/// sends `null`.
struct ForecastSummaryDTO: Decodable, Sendable {
    struct Description: Decodable, Sendable { var bodyText: String }
    struct Day: Decodable, Sendable { var telop: String; var temperature: Temperature }
    struct Temperature: Decodable, Sendable { var min: Reading; var max: Reading }
    struct Reading: Decodable, Sendable { var celsius: String? }   // "29", or null

    var publicTimeFormatted: String
    var title: String
    var description: Description
    var forecasts: [Day]
}

extension Endpoint where Response == ForecastSummaryDTO {
    static func forecast(cityCode: String) -> Self {
        .get("/api/forecast/city/\(cityCode)")
    }
}
// snippet end

// snippet: data-source
struct ForecastSummaryDataSource: RemoteDataSource {
    let client: APIClient

    func forecast(cityCode: String) async throws(APIError) -> ForecastSummaryDTO {
        try await fetch(.forecast(cityCode: cityCode))
    }
}
// snippet end

// snippet: domain-error
import MVVMCore

/// What can go wrong getting a forecast, in the user's words.
enum WeatherServiceError: DomainErrorMapping, PresentableError, CancellationReporting, Equatable {
    case noInternet, unknownCity, server, invalidData, cancelled, unknown

    init(_ error: APIError) {
        switch error.kind {
        case .noConnection, .timeout: self = .noInternet
        case .notFound: self = .unknownCity
        case .server: self = .server
        case .invalidData: self = .invalidData
        case .cancelled: self = .cancelled
        case .unauthorized, .client, .invalidRequest: self = .unknown
        }
    }

    var title: LocalizedText { "Weather" }
    var message: LocalizedText {
        switch self {
        case .noInternet: "Cannot reach the weather service. Check your connection and try again."
        case .unknownCity: "There is no forecast for this city."
        case .server: "The weather service has a problem. Try again later."
        case .invalidData: "The forecast could not be read."
        case .cancelled: "Cancelled."
        case .unknown: "Something went wrong. Try again."
        }
    }
    var isRetryable: Bool { self == .noInternet || self == .server }
    var isCancellation: Bool { self == .cancelled }   // ErrorPresenter shows nothing for it
}
// snippet end

// snippet: model
/// A city's forecast, as the screen needs it.
struct ForecastSummary: Equatable, Codable, Sendable {
    var title: String
    var publishedAt: String
    var body: String
    var today: String
    var lowCelsius: Int?
    var highCelsius: Int?
}

extension ForecastSummary {
    /// DTO → domain: `"29"` → 29, `null` → nil; no day, or a temperature that is not a
    /// number, is invalid data.
    init(_ dto: ForecastSummaryDTO) throws(WeatherServiceError) {
        guard let today = dto.forecasts.first else { throw .invalidData }
        func celsius(_ reading: ForecastSummaryDTO.Reading) throws(WeatherServiceError) -> Int? {
            guard let text = reading.celsius else { return nil }
            guard let value = Int(text) else { throw .invalidData }
            return value
        }
        self.init(
            title: dto.title, publishedAt: dto.publicTimeFormatted, body: dto.description.bodyText,
            today: today.telop,
            lowCelsius: try celsius(today.temperature.min), highCelsius: try celsius(today.temperature.max)
        )
    }
}
// snippet end

// snippet: repository
protocol ForecastSummaryRepository: Sendable {
    func forecast(cityCode: String) async throws(WeatherServiceError) -> ForecastSummary
}

struct RemoteForecastSummaryRepository: ForecastSummaryRepository {
    let dataSource: ForecastSummaryDataSource

    func forecast(cityCode: String) async throws(WeatherServiceError) -> ForecastSummary {
        let dto = try await withDomainErrors(WeatherServiceError.self) { () async throws(APIError) in
            try await dataSource.forecast(cityCode: cityCode)
        }
        return try ForecastSummary(dto)
    }
}
// snippet end

// snippet: viewmodel
@MainActor
final class ForecastSummaryViewModel: ViewModel {
    struct State: Equatable {
        var cityCode = "130010"
        var forecast: Loadable<ForecastSummary> = .idle
    }

    enum Event {
        case retryTapped
    }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let repository: any ForecastSummaryRepository

    init(repository: any ForecastSummaryRepository) {
        self.repository = repository
    }

    func onEvent(_ event: Event) {
        switch event {
        case .retryTapped: load()
        }
    }

    func didAppear() { load() }

    private func load() {
        let cityCode = state.cityCode
        store.load(\.forecast, key: "forecast") { [repository] in
            try await repository.forecast(cityCode: cityCode)
        }
    }
}
// snippet end

// snippet: test-support
import MVVMDataTesting
import Testing

/// The forecast screen over the real layers, down to a `StubTransport`.
@MainActor
func forecastSummaryScreen(
    _ transport: StubTransport, clock: TestClock = TestClock()
) -> ViewModelTester<ForecastSummaryViewModel> {
    let client = makeWeatherServiceClient(token: "test-token", transport: transport, clock: clock)
    let repository = RemoteForecastSummaryRepository(dataSource: ForecastSummaryDataSource(client: client))
    return ViewModelTester(ForecastSummaryViewModel(repository: repository), clock: clock)
}

/// Tokyo's forecast as the server sends it; `high` is the JSON of today's highest temperature.
func tokyoForecastJSON(high: String = #""29""#) -> String {
    """
    {"publicTimeFormatted": "2024/09/28 11:00:00", "title": "東京都 東京 の天気",
     "description": {"bodyText": "晴れ時々曇り。"},
     "forecasts": [{"telop": "晴れ", "temperature": {"min": {"celsius": null}, "max": {"celsius": \(high)}}}]}
    """
}

let tokyoForecastSummary = ForecastSummary(
    title: "東京都 東京 の天気", publishedAt: "2024/09/28 11:00:00", body: "晴れ時々曇り。",
    today: "晴れ", lowCelsius: nil, highCelsius: 29
)
// snippet end

// snippet: test-success
@Test(.timeLimit(.minutes(2))) @MainActor func theScreenShowsTheForecastDecodedFromTheServersBytes() async {
    let transport = StubTransport([.success(.json(tokyoForecastJSON()))])
    let tester = forecastSummaryScreen(transport)

    tester.appear { $0.forecast = .loading() }
    await tester.receive { $0.forecast = .loaded(tokyoForecastSummary) }
    await tester.finish()
    #expect(transport.requests.map(\.url.absoluteString) == ["https://weather.example.com/api/forecast/city/130010"])
}
// snippet end

// snippet: test-decoding
@Test(.timeLimit(.minutes(2))) @MainActor func aValueOfTheWrongTypeIsNamedForTheDeveloperAndExplainedToTheUser() async {
    let wrongType = tokyoForecastJSON(high: "29")   // a number where the DTO expects a string
    let dataSource = ForecastSummaryDataSource(client: makeWeatherServiceClient(
        token: "test-token", transport: StubTransport([.success(.json(wrongType))])))

    let error = await #expect(throws: APIError.self) { try await dataSource.forecast(cityCode: "130010") }
    guard case .decoding(let failure, let request)? = error else { Issue.record("\(String(describing: error))"); return }
    #expect(failure.path == "forecasts[0].temperature.max.celsius")
    #expect(failure.expected == "String")
    #expect(request == RequestSummary(method: .get, path: "/api/forecast/city/130010"))

    let tester = forecastSummaryScreen(StubTransport([.success(.json(wrongType))]))
    tester.appear { $0.forecast = .loading() }
    await tester.receive {
        $0.forecast = .failed(ErrorPresentation(title: "Weather", message: "The forecast could not be read."), previous: nil)
    }
    await tester.finish()
}
// snippet end

@Test(.timeLimit(.minutes(2))) func aRenamedFieldIsReportedByNameInsteadOfShownBlank() async {
    let renamed = tokyoForecastJSON().replacingOccurrences(of: #""title""#, with: #""headline""#)
    let dataSource = ForecastSummaryDataSource(client: makeWeatherServiceClient(
        token: "test-token", transport: StubTransport([.success(.json(renamed))])))

    let error = await #expect(throws: APIError.self) { try await dataSource.forecast(cityCode: "130010") }
    #expect(error?.description == "GET /api/forecast/city/130010: decoding failed at title: expected a value (the key is missing)")
    #expect(error.map(WeatherServiceError.init) == .invalidData)
}

@Test(.timeLimit(.minutes(2))) @MainActor func aServerFailureTellsTheUserTheServiceFailedNotThatTheyAreOffline() async {
    let transport = StubTransport([.success(.json(status: 500, #"{"error": "database down"}"#))])
    let tester = forecastSummaryScreen(transport)

    tester.appear { $0.forecast = .loading() }
    await tester.receive {
        $0.forecast = .failed(
            ErrorPresentation(title: "Weather", message: "The weather service has a problem. Try again later.", isRetryable: true),
            previous: nil
        )
    }
    await tester.finish()
    #expect(transport.requests.count == 1)   // a 500 is not retried: another attempt would not help
}

// snippet: test-retry
@Test(.timeLimit(.minutes(2))) @MainActor func aBusyServerIsAskedAgainAfterTheBackOff() async {
    let clock = TestClock()
    let transport = StubTransport([
        .success(HTTPResponse(status: 503)),
        .success(.json(tokyoForecastJSON())),
    ])
    let tester = forecastSummaryScreen(transport, clock: clock)

    tester.appear { $0.forecast = .loading() }
    await clock.advance()
    #expect(clock.sleeperCount == 1)   // the answer was 503: the client waits
    await clock.advance(by: .milliseconds(199))
    #expect(transport.requests.count == 1)   // still waiting out the back-off
    await clock.advance(by: .milliseconds(1))
    await tester.receive { $0.forecast = .loaded(tokyoForecastSummary) }
    #expect(transport.requests.count == 2)
    await tester.finish()
}
// snippet end

// snippet: test-cancel
import Synchronization

/// A server slower than any test: its answer waits an hour on the test clock. It records
/// when a request is called off.
final class SilentWeatherServer: Sendable {
    let sawCancellation = Mutex(false)
    let clock: TestClock

    init(clock: TestClock) { self.clock = clock }

    var transport: StubTransport {
        StubTransport { [self] (_: HTTPRequest) async throws(TransportError) -> HTTPResponse in
            do {
                try await clock.sleep(for: .seconds(3600))
            } catch {
                sawCancellation.withLock { $0 = true }
                throw .cancelled
            }
            throw .timedOut
        }
    }
}

@Test(.timeLimit(.minutes(2))) @MainActor func leavingTheScreenCancelsTheRequestAndShowsNothing() async {
    let clock = TestClock()
    let server = SilentWeatherServer(clock: clock)
    let tester = forecastSummaryScreen(server.transport, clock: clock)

    tester.appear { $0.forecast = .loading() }
    await clock.advance()
    #expect(clock.sleeperCount == 1)          // the request is out
    tester.disappear { $0.forecast = .idle }         // no spinner left behind, no alert
    await clock.advance(by: .zero)
    #expect(server.sawCancellation.withLock { $0 })
    await tester.finish()
}
// snippet end

@Test(.timeLimit(.minutes(2))) func aCancelledCallReachesTheViewModelAsACancellation() async {
    let clock = TestClock()
    let server = SilentWeatherServer(clock: clock)
    let client = makeWeatherServiceClient(token: "test-token", transport: server.transport, clock: clock)
    let repository = RemoteForecastSummaryRepository(dataSource: ForecastSummaryDataSource(client: client))

    let call = Task { try await repository.forecast(cityCode: "130010") }
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    call.cancel()

    await #expect(throws: WeatherServiceError.cancelled) { try await call.value }
    #expect(ErrorPresenter.default.presentation(for: WeatherServiceError.cancelled) == nil)
}

import InMemoryLogging

// snippet: test-log
@Test(.timeLimit(.minutes(2))) func theLogNamesEachAttemptButNeverTheToken() async throws {
    let handler = InMemoryLogHandler()
    var logger = Logger(label: "weather.api") { _ in handler }
    logger.logLevel = .trace
    let clock = TestClock()
    let transport = StubTransport([.success(HTTPResponse(status: 503)), .success(.json(tokyoForecastJSON()))])
    let client = makeWeatherServiceClient(token: "s3cret-token", transport: transport, clock: clock, logger: logger)

    let call = Task { try await ForecastSummaryDataSource(client: client).forecast(cityCode: "130010") }
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(200))
    _ = try await call.value

    let lines = handler.entries.map { "\($0.level) \($0.message) \($0.metadata)" }
    #expect(lines.contains { $0.hasPrefix("notice ✕ GET /api/forecast/city/130010: HTTP 503, retrying in 200 ms ") })
    #expect(lines.contains { $0.hasPrefix("debug ← 200 GET /api/forecast/city/130010 (") })
    #expect(lines.contains { $0.contains("Authorization: <redacted>") })
    #expect(!lines.joined().contains("s3cret-token"))
}
// snippet end
