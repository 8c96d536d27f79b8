public import MVVMCore

/// One city's forecast, pushed from the city list (article 002's `WeatherDetailViewModel`):
/// loads when its screen appears, and on retry.
///
/// ```swift
/// let detail = WeatherDetailViewModel(city: tokyo, repository: repository)
/// detail.appear()                          // loads Tokyo's forecast
/// detail.state.bodyText                    // the forecaster's text, once loaded
/// ```
@MainActor
public final class WeatherDetailViewModel: ViewModel {
    /// The screen's events (the article's `viewDidLoad` is ``appear()``).
    public enum Event: Hashable, Sendable {
        /// Retry after a failure.
        case retryTapped
    }

    /// The state and the owned work; only this class writes it.
    private let store: StateStore<WeatherDetailState>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<WeatherDetailState> { store.readOnly }
    private let repository: any WeatherRepository
    private let presenter = ErrorPresenter(fallbackTitle: WeatherText.title)

    /// Creates the detail of `city`, reading through `repository` (`Dependencies.weather` by
    /// default).
    public init(city: City, repository: any WeatherRepository = Dependencies.current.weather) {
        self.repository = repository
        self.store = StateStore(WeatherDetailState(city: city))
    }

    /// Handles one event.
    public func onEvent(_ event: Event) {
        switch event {
        case .retryTapped: load()
        }
    }

    /// Loads the forecast unless it is shown or loading.
    public func didAppear() {
        if state.forecast.value == nil, !state.forecast.isLoading { load() }
    }

    private func load() {
        let city = state.city
        store.load(\.forecast, key: "forecast", presenter: presenter, values: { [repository] in
            repository.forecastUpdates(for: city)   // the saved forecast at once, then the server's
        })
    }
}
