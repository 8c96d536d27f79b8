public import MVVMCore

/// The weather detail screen's `UiState` (article 002's `WeatherDetailUiState`): one city's
/// forecast with its date, title, the forecaster's text and the days.
public struct WeatherDetailState: Equatable, Sendable {
    /// The city the screen was opened for; it never changes.
    public let city: City
    /// Its forecast.
    public var forecast: Loadable<Fetched<Forecast>> = .idle

    /// The initial state of `city`'s detail.
    public init(city: City) {
        self.city = city
    }

    /// Whether to show a spinner.
    public var isLoading: Bool { forecast.isLoading }
    /// When the forecast was published.
    public var dateText: String { forecast.value?.value.publishedAt ?? "" }
    /// The heading: the forecast's title, or the city while none is shown.
    public var titleText: String { forecast.value?.value.title ?? "\(city.prefecture) \(city.name)" }
    /// The forecaster's text (the API's `description.bodyText`).
    public var bodyText: String { forecast.value?.value.body ?? "" }
    /// Today, tomorrow and the day after.
    public var days: [DailyForecast] { forecast.value?.value.days ?? [] }
    /// The failure of the last load, offering a retry.
    public var error: ErrorPresentation? { forecast.error }
    /// Set while the forecast shown is the saved one ("offline · saved 10:42").
    public var savedDataNotice: SavedDataNotice? { forecast.savedDataNotice() }
}
