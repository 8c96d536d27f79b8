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

    /// The initial state: the first city chosen, nothing loaded.
    public init(cities: [City] = City.all, selectedCity: City? = nil) {
        self.cities = cities
        self.selectedCity = selectedCity ?? cities.first ?? City(id: "130010", name: "東京", prefecture: "東京都")
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

/// How the weather screen formats numbers that may be missing: the API's nulls and "--%" reach
/// the screen as dashes, never as zero.
public enum WeatherText {
    /// `29℃`, or `--℃` when the API has no temperature.
    public static func temperature(_ celsius: Int?) -> String {
        celsius.map { "\($0)℃" } ?? "--℃"
    }

    /// `30%`, or `--%` when the API has no data.
    public static func chanceOfRain(_ percent: Int?) -> String {
        percent.map { "\($0)%" } ?? "--%"
    }
}
