import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing

/// Each policy, as the user sees it: what is on screen, where it came from, and when the load
/// ends, on a test clock (the network answers after 100 ms).
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct CachePolicyTests {
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    let clock = TestClock()
    let store = InMemoryCacheStore()
    var local: LocalDataSource { Dependencies.with { $0.now = { [savedAt] in savedAt } } operation: { LocalDataSource(store: store) } }
    let offline = ErrorPresentation(title: "天気", message: "オフラインです。", isRetryable: true)

    func saved(_ text: String) -> Fetched<String> { Fetched(text, origin: .saved(at: savedAt)) }
    func fresh(_ text: String) -> Fetched<String> { Fetched(text, origin: .network) }

    func makeTester(online: Bool = true, latency: [String: Duration] = [:]) -> ViewModelTester<CachedForecastViewModel> {
        let network = StubForecastNetwork(clock: clock, isOnline: online, latency: latency)
        return ViewModelTester(CachedForecastViewModel(local: local, network: network, clock: clock), clock: clock)
    }

    func save(_ text: String, for city: String) async throws {
        try await local.save(text, for: "forecast/\(city)")
    }

    @Test func cacheThenNetworkShowsSavedDataAtOnceThenFreshData() async throws {
        try await save("saved 東京", for: "東京")
        let tester = makeTester()
        tester.send(.opened(city: "東京", policy: .cacheThenNetwork)) { $0.city = "東京"; $0.forecast = .loading() }
        await tester.receive { $0.forecast = .loading(previous: saved("saved 東京")) }
        #expect(tester.state.forecast.savedDataNotice() == SavedDataNotice(savedAt: savedAt, isUpdating: true, failure: nil))
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(fresh("fresh 東京")) }
        #expect(tester.state.forecast.savedDataNotice() == nil)
        #expect(try await local.saved(String.self, for: "forecast/東京").value == "fresh 東京")
        await tester.finish()
    }

    @Test func cacheThenNetworkOfflineKeepsSavedDataNextToTheFailure() async throws {
        try await save("saved 東京", for: "東京")
        let tester = makeTester(online: false)
        tester.send(.opened(city: "東京", policy: .cacheThenNetwork)) { $0.city = "東京"; $0.forecast = .loading() }
        await tester.receive { $0.forecast = .loading(previous: saved("saved 東京")) }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .failed(offline, previous: saved("saved 東京")) }
        #expect(tester.state.forecast.savedDataNotice() == SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: offline))
        await tester.finish()
    }

    @Test func networkFirstShowsFreshDataAndNeverTheSavedWhenOnline() async throws {
        try await save("saved 東京", for: "東京")
        let tester = makeTester()
        tester.send(.opened(city: "東京", policy: .networkFirst)) { $0.city = "東京"; $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(fresh("fresh 東京")) }
        #expect(try await local.saved(String.self, for: "forecast/東京").value == "fresh 東京")
        await tester.finish()
    }

    @Test func networkFirstOfflineFallsBackToSavedDataAndSaysWhy() async throws {
        try await save("saved 東京", for: "東京")
        let tester = makeTester(online: false)
        tester.send(.opened(city: "東京", policy: .networkFirst)) { $0.city = "東京"; $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loading(previous: saved("saved 東京")) }
        await tester.receive { $0.forecast = .failed(offline, previous: saved("saved 東京")) }
        #expect(tester.state.forecast.savedDataNotice()?.failure == offline)
        await tester.finish()
    }

    @Test func networkFirstOfflineWithNothingSavedShowsTheFailureAlone() async throws {
        let tester = makeTester(online: false)
        tester.send(.opened(city: "東京", policy: .networkFirst)) { $0.city = "東京"; $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .failed(offline, previous: nil) }
        await tester.finish()
    }

    @Test func cacheOnlyShowsSavedDataWithoutAskingTheNetwork() async throws {
        try await save("saved 東京", for: "東京")
        let tester = makeTester(online: false)
        tester.send(.opened(city: "東京", policy: .cacheOnly)) { $0.city = "東京"; $0.forecast = .loading() }
        await tester.receive { $0.forecast = .loading(previous: saved("saved 東京")) }
        await tester.receive { $0.forecast = .loaded(saved("saved 東京")) }
        await tester.finish()
    }

    @Test func cacheOnlyWithNothingSavedFails() async throws {
        let tester = makeTester()
        tester.send(.opened(city: "東京", policy: .cacheOnly)) { $0.city = "東京"; $0.forecast = .loading() }
        await tester.receive {
            $0.forecast = .failed(ErrorPresentation(title: "天気", message: "保存されたデータがありません。"), previous: nil)
        }
        await tester.finish()
    }

    @Test func networkOnlyNeverShowsSavedDataButSavesWhatItGets() async throws {
        try await save("saved 東京", for: "東京")
        let offlineTester = makeTester(online: false)
        offlineTester.send(.opened(city: "東京", policy: .networkOnly)) { $0.city = "東京"; $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await offlineTester.receive { $0.forecast = .failed(offline, previous: nil) }
        await offlineTester.finish()

        let onlineTester = makeTester()
        onlineTester.send(.opened(city: "東京", policy: .networkOnly)) { $0.city = "東京"; $0.forecast = .loading() }
        await clock.advance(by: .milliseconds(100))
        await onlineTester.receive { $0.forecast = .loaded(fresh("fresh 東京")) }
        #expect(try await local.saved(String.self, for: "forecast/東京").value == "fresh 東京")
        await onlineTester.finish()
    }

    @Test func aNewerCityWinsOverBothSourcesOfTheOlderOne() async throws {
        try await save("saved 東京", for: "東京")
        try await save("saved 大阪", for: "大阪")
        let tester = makeTester(latency: ["東京": .milliseconds(500)])
        tester.send(.opened(city: "東京", policy: .cacheThenNetwork)) { $0.city = "東京"; $0.forecast = .loading() }
        await tester.receive { $0.forecast = .loading(previous: saved("saved 東京")) }
        tester.send(.opened(city: "大阪", policy: .cacheThenNetwork)) { $0.city = "大阪"; $0.forecast = .loading() }
        await tester.receive { $0.forecast = .loading(previous: saved("saved 大阪")) }
        await clock.advance(by: .milliseconds(100))
        await tester.receive { $0.forecast = .loaded(fresh("fresh 大阪")) }
        // 東京's answer would have come now; its request was cancelled with its stream.
        await clock.advance(by: .milliseconds(400))
        await tester.finish()
        #expect(tester.state.forecast == .loaded(fresh("fresh 大阪")))
        #expect(try await local.saved(String.self, for: "forecast/東京").value == "saved 東京")
    }

    @Test func leavingWhileFreshDataLoadsKeepsTheSavedDataShown() async throws {
        try await save("saved 東京", for: "東京")
        let tester = makeTester()
        tester.send(.opened(city: "東京", policy: .cacheThenNetwork)) { $0.city = "東京"; $0.forecast = .loading() }
        await tester.receive { $0.forecast = .loading(previous: saved("saved 東京")) }
        tester.disappear { $0.forecast = .loaded(saved("saved 東京")) }
        await clock.advance(by: .milliseconds(100))
        await tester.finish()
        #expect(try await local.saved(String.self, for: "forecast/東京").value == "saved 東京")
    }

    @Test func leavingBeforeAnythingArrivesPutsTheScreenBack() async throws {
        let tester = makeTester()
        tester.send(.opened(city: "東京", policy: .networkFirst)) { $0.city = "東京"; $0.forecast = .loading() }
        tester.disappear { $0.forecast = .idle }
        await clock.advance(by: .milliseconds(100))
        await tester.finish()
    }
}

/// A forecast ViewModel over a ``LocalDataSource``: the shape of the weather screen.
@MainActor
final class CachedForecastViewModel: ViewModel {
    struct State: Equatable, Sendable {
        var city = ""
        var forecast: Loadable<Fetched<String>> = .idle
    }

    enum Event {
        case opened(city: String, policy: CachePolicy)
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let local: LocalDataSource
    private let network: StubForecastNetwork
    private let presenter = ErrorPresenter(fallbackTitle: "天気", fallbackMessage: "保存されたデータがありません。")

    init(local: LocalDataSource, network: StubForecastNetwork, clock: TestClock) {
        self.local = local
        self.network = network
        self.store = StateStore(State(), clock: clock)
    }

    func onEvent(_ event: Event) {
        switch event {
        case .opened(let city, let policy):
            store.update {
                if $0.city != city { $0.forecast = .idle }
                $0.city = city
            }
            store.load(\.forecast, key: "forecast", presenter: presenter, values: { [local, network] in
                local.fetch("forecast/\(city)", policy: policy) { try await network.forecast(city) }
            })
        }
    }
}

/// The network: answers `fresh <city>` after a latency on the test clock, or fails offline.
struct StubForecastNetwork: Sendable {
    struct Offline: PresentableError {
        var title: LocalizedText { "天気" }
        var message: LocalizedText { "オフラインです。" }
        var isRetryable: Bool { true }
    }

    let clock: TestClock
    let isOnline: Bool
    let latency: [String: Duration]

    func forecast(_ city: String) async throws -> String {
        try await clock.sleep(for: latency[city] ?? .milliseconds(100))
        guard isOnline else { throw Offline() }
        return "fresh \(city)"
    }
}
