/// A city's forecast, as the weather screen shows it.
public struct Forecast: Equatable, Sendable, Codable {
    /// The forecast's title, e.g. `"栃木県 宇都宮 の天気"`.
    public var title: String
    /// When it was published, as the API formats it: `"2024/09/28 11:00:00"`.
    public var publishedAt: String
    /// Who published it, e.g. `"宇都宮地方気象台"`.
    public var publishingOffice: String
    /// The headline; often empty.
    public var headline: String
    /// The forecaster's text.
    public var body: String
    /// Today, tomorrow and the day after, in order.
    public var days: [DailyForecast]

    /// Creates a forecast.
    public init(title: String, publishedAt: String, publishingOffice: String, headline: String, body: String, days: [DailyForecast]) {
        self.title = title
        self.publishedAt = publishedAt
        self.publishingOffice = publishingOffice
        self.headline = headline
        self.body = body
        self.days = days
    }
}

/// One day of a forecast.
public struct DailyForecast: Equatable, Sendable, Codable {
    /// The date, `"2024-09-28"`.
    public var date: String
    /// `"今日"`, `"明日"` or `"明後日"`.
    public var label: String
    /// The weather in a word or two, e.g. `"曇り"` (the API's telop).
    public var telop: String
    /// The lowest temperature in °C, or `nil` when the API has none (often for today).
    public var minCelsius: Int?
    /// The highest temperature in °C, or `nil` when the API has none.
    public var maxCelsius: Int?
    /// The chance of rain for each six-hour period, in order from midnight.
    public var chanceOfRain: [RainChance]

    /// Creates a day.
    public init(date: String, label: String, telop: String, minCelsius: Int?, maxCelsius: Int?, chanceOfRain: [RainChance]) {
        self.date = date
        self.label = label
        self.telop = telop
        self.minCelsius = minCelsius
        self.maxCelsius = maxCelsius
        self.chanceOfRain = chanceOfRain
    }
}

/// The chance of rain in one six-hour period.
public struct RainChance: Equatable, Sendable, Codable {
    /// The period, e.g. `"00-06"`.
    public var period: String
    /// The chance in percent, or `nil` where the API says `"--%"` (no data, usually a period
    /// already past).
    public var percent: Int?

    /// Creates a chance of rain.
    public init(period: String, percent: Int?) {
        self.period = period
        self.percent = percent
    }
}
