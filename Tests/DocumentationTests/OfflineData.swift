// The Offline Data article's code (MVVMData.docc), compiled and run (SnippetCheckTests).
// It adds saved data and an outbox to the forecast feature of Layering.swift.

// snippet: repository
import MVVMCore
import MVVMData

/// The forecast over both sources: the device's saved forecast and the server's.
struct OfflineForecastRepository: ForecastSummaryRepository {
    let dataSource: ForecastSummaryDataSource   // the RemoteDataSource
    let local: LocalDataSource                  // the LocalDataSource

    /// The server's forecast, mapped to the domain.
    func forecast(cityCode: String) async throws(WeatherServiceError) -> ForecastSummary {
        let dto = try await withDomainErrors(WeatherServiceError.self) { () async throws(APIError) in
            try await dataSource.forecast(cityCode: cityCode)
        }
        return try ForecastSummary(dto)
    }

    /// What the screen shows: the saved forecast at once, then the server's, saved for next time.
    func forecastUpdates(cityCode: String) -> AsyncThrowingStream<Fetched<ForecastSummary>, any Error> {
        local.fetch("forecast/\(cityCode)", policy: .cacheThenNetwork) { () async throws(WeatherServiceError) in
            try await forecast(cityCode: cityCode)
        }
    }
}
// snippet end

// snippet: viewmodel
@MainActor
final class SavedForecastViewModel: ViewModel {
    struct State: Equatable {
        var cityCode = "130010"
        var forecast: Loadable<Fetched<ForecastSummary>> = .idle

        /// Set while the forecast shown is the saved one: when it was saved, and whether the
        /// server's is on its way or failed to come.
        var savedDataNotice: SavedDataNotice? { forecast.savedDataNotice() }
    }

    enum Event {
        case refreshPulled
    }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let repository: OfflineForecastRepository

    init(repository: OfflineForecastRepository) {
        self.repository = repository
    }

    func onEvent(_ event: Event) {
        switch event {
        case .refreshPulled: load()
        }
    }

    func didAppear() { load() }

    private func load() {
        let cityCode = state.cityCode
        store.load(\.forecast, key: "forecast", values: { [repository] in
            repository.forecastUpdates(cityCode: cityCode)
        })
    }
}
// snippet end

// snippet: writes
/// A city as every screen shows it: starred or not.
struct FavoriteCity: Identifiable, Codable, Equatable, Sendable {
    var id: String   // the city code
    var isStarred: Bool
}

/// A change the server must hear about: pending at once, shown once saved on the device, and
/// kept there until the server has it.
enum FavoriteCityWrite: RecordWrite, Hashable {
    case star(cityCode: String)
    case unstar(cityCode: String)

    var recordID: String {
        switch self {
        case .star(let cityCode), .unstar(let cityCode): cityCode
        }
    }

    func applied(to city: FavoriteCity?) -> FavoriteCity? {
        switch self {
        case .star(let cityCode): FavoriteCity(id: cityCode, isStarred: true)
        case .unstar(let cityCode): FavoriteCity(id: cityCode, isStarred: false)
        }
    }
}

struct FavoriteCitiesDataSource: RemoteDataSource {
    let client: APIClient

    /// `PUT` and `DELETE`, each with the write's idempotency key: sent again (a retry, a
    /// replay after a restart), a write is applied once. Returns the city as the server has it.
    func send(_ write: FavoriteCityWrite, idempotencyKey: String) async throws(APIError) -> FavoriteCity? {
        let headers = ["Idempotency-Key": idempotencyKey]
        switch write {
        case .star(let cityCode): try await fetch(Endpoint<Void>(.put, "/api/favorites/\(cityCode)", headers: headers))
        case .unstar(let cityCode): try await fetch(Endpoint<Void>(.delete, "/api/favorites/\(cityCode)", headers: headers))
        }
        return write.applied(to: nil)
    }
}

/// Sends the favorites' writes for as long as the app runs: oldest first, again after a
/// back-off while the server cannot be reached; the server's answer commits each one.
func deliverFavoriteCities(_ favorites: RecordStore<FavoriteCityWrite>, through dataSource: FavoriteCitiesDataSource) async {
    await favorites.deliver(isRetryable: { ($0 as? WeatherServiceError)?.isRetryable ?? false }) { write, idempotencyKey in
        try await withDomainErrors(WeatherServiceError.self) { () async throws(APIError) in
            try await dataSource.send(write, idempotencyKey: idempotencyKey)
        }
    }
}
// snippet end

// snippet: storage
import Foundation

/// What the weather app keeps between launches, in `folder` (Application Support in the app).
@MainActor
struct OfflineWeatherStorage {
    let local: LocalDataSource
    let favorites: RecordStore<FavoriteCityWrite>

    /// The clock the outbox backs off on and the time each save records come from
    /// `Dependencies`: a test sets them where it makes the storage.
    init(folder: URL) {
        let forecasts = FileCacheStore(directory: folder.appending(path: "forecasts"), maxBytes: 4 << 20)
        local = LocalDataSource(store: forecasts, schemaVersion: 1)
        // The writes in a journal of their own: a full forecast cache never evicts a queued write.
        let outbox = Outbox<FavoriteCityWrite>(storage: FileOutboxStorage(directory: folder.appending(path: "outbox")))
        // The server's answers are saved record by record: the next launch shows the same stars.
        favorites = RecordStore(outbox: outbox, storage: FileRecordStorage(directory: folder.appending(path: "records"), name: "favorites"))
    }
}
// snippet end

// snippet: test-support
import MVVMDataTesting
import Synchronization
import Testing

/// The weather service for these tests: a forecast takes 1 s on the test clock; while
/// unreachable, every request fails to connect.
final class OfflineWeatherServer: Sendable {
    let isReachable = Mutex(true)
    let favorites = Mutex<[String]>([])
    let clock: TestClock

    init(clock: TestClock) { self.clock = clock }

    var transport: StubTransport {
        StubTransport { [self] (request: HTTPRequest) async throws(TransportError) -> HTTPResponse in
            guard isReachable.withLock({ $0 }) else { throw .cannotConnect("connection refused") }
            let path = request.url.path
            if request.method == .put, path.hasPrefix("/api/favorites/") {
                favorites.withLock { $0.append(String(path.dropFirst("/api/favorites/".count))) }
                return HTTPResponse(status: 204)
            }
            do { try await clock.sleep(for: .seconds(1)) } catch { throw .cancelled }
            return .json(tokyoForecastJSON())
        }
    }
}

@MainActor
func savedForecastScreen(_ server: OfflineWeatherServer, local: LocalDataSource) -> ViewModelTester<SavedForecastViewModel> {
    let client = makeWeatherServiceClient(token: "test-token", transport: server.transport, clock: server.clock)
    let repository = OfflineForecastRepository(dataSource: ForecastSummaryDataSource(client: client), local: local)
    return ViewModelTester(SavedForecastViewModel(repository: repository), clock: server.clock)
}

let forecastSavedAt = Date(timeIntervalSince1970: 1_727_520_120)   // 2024-09-28 10:42 UTC
let savedTokyoForecast = ForecastSummary(
    title: "東京都 東京 の天気", publishedAt: "2024/09/28 05:00:00", body: "曇り。",
    today: "曇り", lowCelsius: 21, highCelsius: 26
)
// snippet end

// snippet: test-saved-then-fresh
@Test(.timeLimit(.minutes(2))) @MainActor func theSavedForecastShowsAtOnceThenTheServersReplacesIt() async throws {
    let clock = TestClock()
    let server = OfflineWeatherServer(clock: clock)
    let local = Dependencies.with { $0.now = { forecastSavedAt } } operation: { LocalDataSource(store: InMemoryCacheStore()) }
    try await local.save(savedTokyoForecast, for: "forecast/130010")
    let tester = savedForecastScreen(server, local: local)

    tester.appear { $0.forecast = .loading() }
    await tester.receive { $0.forecast = .loading(previous: Fetched(savedTokyoForecast, origin: .saved(at: forecastSavedAt))) }
    #expect(tester.state.savedDataNotice == SavedDataNotice(savedAt: forecastSavedAt, isUpdating: true, failure: nil))

    await clock.advance()
    #expect(clock.sleeperCount == 1)   // the server is answering
    await clock.advance(by: .seconds(1))
    await tester.receive { $0.forecast = .loaded(Fetched(tokyoForecastSummary, origin: .network)) }
    #expect(tester.state.savedDataNotice == nil)
    await tester.finish()
    #expect(try await local.saved(ForecastSummary.self, for: "forecast/130010").value == tokyoForecastSummary)
}
// snippet end

import MVVMTerminal

// snippet: test-offline
@Test(.timeLimit(.minutes(2))) @MainActor func offlineTheForecastSavedAtTheLastLaunchStaysWithANotice() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "offline-weather-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = TestClock()
    let server = OfflineWeatherServer(clock: clock)
    let saved = Fetched(tokyoForecastSummary, origin: .saved(at: forecastSavedAt))

    // First launch, online: the server's forecast is shown and saved in `folder`.
    let first = savedForecastScreen(server, local: Dependencies.with { $0.now = { forecastSavedAt } } operation: { OfflineWeatherStorage(folder: folder) }.local)
    first.appear { $0.forecast = .loading() }
    await clock.advance()
    #expect(clock.sleeperCount == 1)   // the server is answering
    await clock.advance(by: .seconds(1))
    await first.receive { $0.forecast = .loaded(Fetched(tokyoForecastSummary, origin: .network)) }
    await first.finish()

    // Next launch, offline: new stores over the same folder.
    server.isReachable.withLock { $0 = false }
    let second = savedForecastScreen(server, local: OfflineWeatherStorage(folder: folder).local)
    second.appear { $0.forecast = .loading() }
    await second.receive { $0.forecast = .loading(previous: saved) }
    await clock.advance()
    #expect(clock.sleeperCount == 1)        // the first attempt failed: the client waits
    await clock.advance(by: .milliseconds(200))   // and tries again
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(400))   // and a third time
    await second.receive { $0.forecast = .failed(ErrorPresentation(WeatherServiceError.noInternet), previous: saved) }
    let notice = try #require(second.state.savedDataNotice)
    #expect(notice.terminalText(now: forecastSavedAt, timeZone: TimeZone(identifier: "UTC")!).resolved(in: .english) == "offline · saved 10:42")
    await second.finish()
}
// snippet end

// snippet: test-outbox
@Test(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() }) @MainActor func aCityStarredOfflineIsPendingAtOnceShowsOnceSavedAndReachesTheServerWhenItIsBack() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "offline-weather-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = TestClock()
    let server = OfflineWeatherServer(clock: clock)
    server.isReachable.withLock { $0 = false }
    let storage = Dependencies.with { $0.clock = clock } operation: { OfflineWeatherStorage(folder: folder) }
    let client = makeWeatherServiceClient(token: "test-token", transport: server.transport, clock: clock)
    // The delivery runs on the test clock's executor, so `advance` runs it as far as it can go.
    try await clock.perform { () async throws in
        async let _ = deliverFavoriteCities(storage.favorites, through: FavoriteCitiesDataSource(client: client))

        storage.favorites.write(.star(cityCode: "130010"))
        #expect(storage.favorites.isPending("130010"))                       // marked pending, at once
        #expect(storage.favorites.value(for: "130010") == nil)               // not starred before it is saved
        await storage.favorites.waitUntilSaved()                             // on disk
        #expect(storage.favorites.value(for: "130010")?.isStarred == true)   // starred on every screen
        #expect(storage.favorites.isPending("130010"))                       // still pending
        await clock.advance()
        #expect(clock.sleeperCount == 1)                              // tried, failed, waiting
        #expect(try await storage.favorites.outbox.pending.map(\.write) == [.star(cityCode: "130010")])

        server.isReachable.withLock { $0 = true }
        #expect(await clock.advance(until: { !storage.favorites.isPending("130010") }))
        #expect(server.favorites.withLock { $0 } == ["130010"])
        #expect(storage.favorites.confirmedValue(for: "130010")?.isStarred == true)
        #expect(try await storage.favorites.outbox.pending.isEmpty)
    }   // the delivery is cancelled and awaited here
}
// snippet end

@Test(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() }) @MainActor func aWriteMadeBeforeTheAppQuitIsShownAndSentAtTheNextLaunch() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "offline-weather-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = TestClock()
    let server = OfflineWeatherServer(clock: clock)
    let client = makeWeatherServiceClient(token: "test-token", transport: server.transport, clock: clock)

    // The user stars a city and quits before anything is sent.
    let first = Dependencies.with { $0.clock = clock } operation: { OfflineWeatherStorage(folder: folder) }
    first.favorites.write(.star(cityCode: "270000"))
    await first.favorites.waitUntilSaved()

    // Next launch: shown starred and pending, then sent.
    let storage = Dependencies.with { $0.clock = clock } operation: { OfflineWeatherStorage(folder: folder) }
    await storage.favorites.restore()
    #expect(storage.favorites.value(for: "270000")?.isStarred == true)
    #expect(storage.favorites.isPending("270000"))
    // On the clock's executor, so that advancing it runs the delivery, its disk writes included.
    let delivery = Task { await clock.perform { await deliverFavoriteCities(storage.favorites, through: FavoriteCitiesDataSource(client: client)) } }
    defer { delivery.cancel() }
    #expect(await clock.advance(until: { !storage.favorites.isPending("270000") }))
    #expect(server.favorites.withLock { $0 } == ["270000"])
    #expect(try await storage.favorites.outbox.pending.isEmpty)
}

@Test(.timeLimit(.minutes(2))) @MainActor func leavingWhileTheServerAnswersKeepsTheSavedForecastOnScreen() async throws {
    let clock = TestClock()
    let server = OfflineWeatherServer(clock: clock)
    let local = Dependencies.with { $0.now = { forecastSavedAt } } operation: { LocalDataSource(store: InMemoryCacheStore()) }
    try await local.save(savedTokyoForecast, for: "forecast/130010")
    let tester = savedForecastScreen(server, local: local)
    let saved = Fetched(savedTokyoForecast, origin: .saved(at: forecastSavedAt))

    tester.appear { $0.forecast = .loading() }
    await tester.receive { $0.forecast = .loading(previous: saved) }
    await clock.advance()
    #expect(clock.sleeperCount == 1)                  // the server is answering
    tester.disappear { $0.forecast = .loaded(saved) }       // the user leaves: the request ends
    #expect(tester.state.savedDataNotice == SavedDataNotice(savedAt: forecastSavedAt, isUpdating: false, failure: nil))
    await tester.finish()
}
