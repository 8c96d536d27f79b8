public import MVVMCore

/// The weather screen's `UiState`: the city list, the chosen city, and its forecast.
public struct WeatherState: Equatable, Sendable {
    /// The cities to choose from.
    public var cities: [City]
    /// The chosen city.
    public var selectedCity: City
    /// Its forecast and where it came from (the server, or saved on the device): idle, loading
    /// (a reload, or the server's answer after the saved forecast, keeps this city's forecast
    /// visible), loaded or failed. Always the selected city's: choosing another city clears it.
    public var forecast: Loadable<Fetched<Forecast>> = .idle

    /// The initial state: Tokyo (130010, where article 002 opens) chosen when `cities` has it,
    /// else the first city; nothing loaded.
    public init(cities: [City] = City.all, selectedCity: City? = nil) {
        self.cities = cities
        self.selectedCity = selectedCity ?? cities.first { $0.id == City.tokyo.id } ?? cities.first ?? City.tokyo
    }

    /// The heading: the forecast's title, or the city while none is shown.
    public var titleText: String { forecast.value?.value.title ?? "\(selectedCity.prefecture) \(selectedCity.name)" }
    /// When the forecast was published.
    public var dateText: String { forecast.value?.value.publishedAt ?? "" }
    /// The forecaster's text.
    public var bodyText: String { forecast.value?.value.body ?? "" }
    /// Whether to show a spinner.
    public var isLoading: Bool { forecast.isLoading }
    /// The days of the forecast shown.
    public var days: [DailyForecast] { forecast.value?.value.days ?? [] }
    /// Set while the forecast shown is the saved one: when it was saved, and whether the
    /// server's is on its way or failed ("offline · saved 10:42").
    public var savedDataNotice: SavedDataNotice? { forecast.savedDataNotice() }
}
