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

    init(fetch: @escaping @Sendable (String) async throws -> Forecast) {
        self.store = StateStore(State())
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

import Foundation
#if canImport(UIKit)
import SwiftUI
import UIKit
#endif

// "4. Binding a view": one ViewModel, three kinds of view. SwiftUI's is compiled against the
// SwiftUI stand-ins (AppleStandIns/); UIKit's against the UIKit stand-ins, and run below.

// snippet: bind-swiftui
// SwiftUI
struct WeatherView: View {
    let viewModel: WeatherViewModel
    var body: some View {
        Text(viewModel.state.forecast.value?.telop ?? "…")
            .onAppear { viewModel.appear() }
            .onDisappear { viewModel.disappear() }
    }
}
// snippet end

final class WeatherViewController: UIViewController {
    let telopLabel = UILabel()
    private let viewModel: WeatherViewModel
    private var tokens: [ObservationToken] = []

    init(viewModel: WeatherViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        // snippet: bind-uikit
        // UIKit or any imperative view (`tokens` is a stored property of the view)
        observe { [weak self] in
            guard let self else { return }
            telopLabel.text = viewModel.state.forecast.value?.telop
        }.store(in: &tokens)
        // snippet end
    }
}

/// A view with no binding framework: it renders each new state as a line.
@MainActor
final class WeatherPrinter {
    private(set) var lines: [String] = []
    private let viewModel: WeatherViewModel
    private var tokens: [ObservationToken] = []

    init(viewModel: WeatherViewModel) {
        self.viewModel = viewModel
        // snippet: bind-closure
        // No binding framework: a closure for each new state
        viewModel.subscribe { [weak self] state in self?.render(state) }.store(in: &tokens)
        // snippet end
    }

    private func render(_ state: WeatherViewModel.State) {
        lines.append("\(state.city): \(state.forecast.value?.telop ?? "…")")
    }
}

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
        $0.forecast = .failed(ErrorPresentation(title: CommonText.errorTitle, message: "You are offline."), previous: nil)
    }
    server.isDown.withLock { $0 = false }
    tester.send(.retryTapped) { $0.forecast = .loading() }
    await tester.receive { $0.forecast = .loaded(Forecast(city: "Tokyo", telop: "曇り")) }
    await tester.finish()
}
// snippet end

@Test(.timeLimit(.minutes(2))) @MainActor func theViewControllerAndThePrinterShowTheForecast() async {
    let clock = TestClock()
    let viewModel = clock.perform { WeatherViewModel { Forecast(city: $0, telop: "晴れ") } }
    let controller = WeatherViewController(viewModel: viewModel)
    let printer = WeatherPrinter(viewModel: viewModel)
    controller.viewDidLoad()
    #expect(controller.telopLabel.text == nil)
    #expect(printer.lines == ["Tokyo: …"])

    viewModel.appear()
    await clock.advance()
    #expect(controller.telopLabel.text == "晴れ")
    #expect(printer.lines == ["Tokyo: …", "Tokyo: …", "Tokyo: 晴れ"])   // idle, loading, loaded
}
