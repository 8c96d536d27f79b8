public import MVVMCore

/// The weather screen (the article's `UiState` + `Event` + `onEvent` ViewModel): a city list,
/// and the chosen city's forecast, loaded on appear and on selection, with retry.
///
/// A newer selection cancels the load of an older one, so a slow answer for the previous city
/// can never replace the newer city's forecast; and the previous city's forecast leaves the
/// screen as soon as another city is chosen, so a failure for the new city shows that city's
/// name with the error, never the old forecast.
///
/// ```swift
/// let viewModel = WeatherViewModel(repository: RemoteWeatherRepository(dataSource: .init(client: client)))
/// viewModel.appear()                                  // loads the first city
/// viewModel.send(.citySelected(id: "270000"))      // 大阪
/// ```
@MainActor
public final class WeatherViewModel: ViewModel {
    /// The screen's events.
    public enum Event: Hashable, Sendable {
        /// A city was chosen from the list.
        case citySelected(id: City.ID)
        /// Retry after a failure.
        case retryTapped
        /// The chosen city was opened (Enter, a tap on its forecast): the list tells its parent
        /// (``Delegate/cityOpened(_:)``), which shows the city.
        case selectedCityOpened
    }

    /// What the city list tells the ViewModel that made it.
    public enum Delegate: Equatable, Sendable {
        /// The city was opened: show its forecast.
        case cityOpened(City)
    }

    /// Where the city list says what happened (its parent connects).
    public let delegate = DelegateOutput<Delegate>()

    /// The state and the owned work; only this class writes it.
    private let store: StateStore<WeatherState>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<WeatherState> { store.readOnly }
    private let repository: any WeatherRepository
    private let presenter = ErrorPresenter(fallbackTitle: WeatherText.title)

    /// Creates the ViewModel reading through `repository` (`Dependencies.weather` by default);
    /// `cities` are offered, the first one chosen.
    public init(repository: any WeatherRepository = Dependencies.current.weather, cities: [City] = City.all) {
        self.repository = repository
        self.store = StateStore(WeatherState(cities: cities))
    }

    /// Handles one event.
    public func onEvent(_ event: Event) {
        switch event {
        case .citySelected(let id):
            guard let city = state.cities.first(where: { $0.id == id }) else { return }
            guard city != state.selectedCity || state.forecast.value == nil else { return }
            store.update {
                // Another city's forecast is never shown under this city's name, not while
                // this one loads and not next to its error.
                if $0.selectedCity != city { $0.forecast = .idle }
                $0.selectedCity = city
            }
            load()
        case .retryTapped:
            load()
        case .selectedCityOpened:
            delegate.send(.cityOpened(state.selectedCity))
        }
    }

    /// Loads the chosen city's forecast unless it is shown or loading.
    public func didAppear() {
        if state.forecast.value == nil, !state.forecast.isLoading { load() }
    }

    private func load() {
        let city = state.selectedCity
        store.load(\.forecast, key: "forecast", presenter: presenter, values: { [repository] in
            repository.forecastUpdates(for: city)   // the saved forecast at once, then the server's
        })
    }
}
