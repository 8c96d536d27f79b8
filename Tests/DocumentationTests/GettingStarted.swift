// The Getting Started article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
// snippet: state
import MVVMCore

struct Forecast: Equatable, Sendable { var city: String; var telop: String }

@MainActor
final class WeatherViewModel: ViewModel {
    struct State: Equatable {
        var city = "Tokyo"
        var forecast: Loadable<Forecast> = .idle
    }

    enum Event {
        case citySelected(String)
        case retryTapped
    }

    private let store: StateStore<State>             // only this class writes the state
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }   // what views read and observe
    private let fetch: @Sendable (String) async throws -> Forecast

    init(clock: any Clock<Duration> = ContinuousClock(),
         fetch: @escaping @Sendable (String) async throws -> Forecast) {
        self.store = StateStore(State(), clock: clock)
        self.fetch = fetch
    }
}
// snippet end

// snippet: events
extension WeatherViewModel {
    func onEvent(_ event: Event) {
        switch event {
        case .citySelected(let city):
            store.update { $0.city = city }
            loadForecast()
        case .retryTapped:
            loadForecast()
        }
    }

    func didAppear() { loadForecast() }

    private func loadForecast() {
        let city = state.city
        store.load(\.forecast, key: "forecast") { [fetch] in try await fetch(city) }
    }
}
// snippet end

// snippet: test
import MVVMTesting
import Testing

@Test(.timeLimit(.minutes(2))) @MainActor func selectingACityLoadsItsForecast() async {
    let tester = ViewModelTester(WeatherViewModel { Forecast(city: $0, telop: "晴れ") })

    tester.send(.citySelected("Osaka")) { $0.city = "Osaka"; $0.forecast = .loading() }
    await tester.receive { $0.forecast = .loaded(Forecast(city: "Osaka", telop: "晴れ")) }
    await tester.finish()
}
// snippet end

import Synchronization

// snippet: retry
/// A server that is down until the test says otherwise.
final class FlakyServer: Sendable {
    let isDown = Mutex(true)
}

@Test(.timeLimit(.minutes(2))) @MainActor func appearingLoadsTheForecastAndAFailureCanBeRetried() async {
    struct Offline: PresentableError { var message: LocalizedText { "You are offline." } }
    let server = FlakyServer()
    let tester = ViewModelTester(WeatherViewModel { city in
        if server.isDown.withLock({ $0 }) { throw Offline() }
        return Forecast(city: city, telop: "曇り")
    })

    tester.appear { $0.forecast = .loading() }
    await tester.receive {
        $0.forecast = .failed(ErrorPresentation(title: CoreText.errorTitle, message: "You are offline."), previous: nil)
    }
    server.isDown.withLock { $0 = false }
    tester.send(.retryTapped) { $0.forecast = .loading() }
    await tester.receive { $0.forecast = .loaded(Forecast(city: "Tokyo", telop: "曇り")) }
    await tester.finish()
}
// snippet end
