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

/// Every text the weather screens show, in Japanese (article 002's words) and English; and how
/// they format numbers that may be missing: the API's nulls and "--%" reach the screen as
/// dashes, never as zero. The forecasts themselves (their titles, telops, bodies) are the API's
/// data, in Japanese.
public enum WeatherText {
    /// The screen's title.
    public static let title = LocalizedText([.japanese: "天気予報", .english: "Weather forecast"])
    /// The lowest temperature's label.
    public static let low = LocalizedText([.japanese: "最低", .english: "Low"])
    /// The highest temperature's label.
    public static let high = LocalizedText([.japanese: "最高", .english: "High"])
    /// The chance of rain's label.
    public static let chanceOfRainLabel = LocalizedText([.japanese: "降水確率", .english: "Chance of rain"])
    /// A forecast is loading.
    public static let loading = LocalizedText([.japanese: "読み込み中…", .english: "Loading…"])
    /// Key hints of the city list.
    public static let listHints: [LocalizedText] = [
        LocalizedText([.japanese: "↑↓ 地点", .english: "↑↓ City"]),
        LocalizedText([.japanese: "Enter 詳細", .english: "Enter Detail"]),
        LocalizedText([.japanese: "r 再試行", .english: "r Retry"]),
        LocalizedText([.japanese: "q 戻る", .english: "q Back"]),
    ]
    /// Key hints of a city's detail.
    public static let detailHints: [LocalizedText] = [
        LocalizedText([.japanese: "↑↓ スクロール", .english: "↑↓ Scroll"]),
        LocalizedText([.japanese: "r 再試行", .english: "r Retry"]),
        LocalizedText([.japanese: "q 戻る", .english: "q Back"]),
    ]
    /// `r` retries (after a failure's message).
    public static let retryHint = LocalizedText([.japanese: "（r: 再試行）", .english: "(r: retry)"])

    // MARK: - Errors

    /// No connection.
    public static let noInternet = LocalizedText([
        .japanese: "ネットワークエラー: サーバーに接続できません", .english: "Network error: the server cannot be reached",
    ])
    /// No forecast for the city.
    public static let unknownCity = LocalizedText([
        .japanese: "この地点の天気予報は見つかりませんでした", .english: "There is no forecast for this city",
    ])
    /// A server failure.
    public static let server = LocalizedText([
        .japanese: "サーバーエラーが発生しました。しばらくしてから、もう一度お試しください。",
        .english: "The server failed. Please try again later.",
    ])
    /// The forecast could not be read.
    public static let invalidData = LocalizedText([
        .japanese: "天気予報のデータを読み取れませんでした", .english: "The forecast could not be read",
    ])
    /// The request was called off.
    public static let cancelled = LocalizedText([.japanese: "キャンセルしました", .english: "Cancelled"])

    /// `29℃`, or `--℃` when the API has no temperature.
    public static func temperature(_ celsius: Int?) -> String {
        celsius.map { "\($0)℃" } ?? "--℃"
    }

    /// `30%`, or `--%` when the API has no data.
    public static func chanceOfRain(_ percent: Int?) -> String {
        percent.map { "\($0)%" } ?? "--%"
    }
}
