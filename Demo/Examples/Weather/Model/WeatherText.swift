public import MVVMCore

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
    /// A day's lowest and highest temperatures: `最低 --℃  最高 26℃`.
    public static func temperatures(of day: DailyForecast) -> LocalizedText {
        "\(low) \(temperature(day.minCelsius))  \(high) \(temperature(day.maxCelsius))"
    }

    /// A day's chances of rain by period: `降水確率 00-06 --% 06-12 10%`.
    public static func chancesOfRain(of day: DailyForecast) -> LocalizedText {
        "\(chanceOfRainLabel) \(day.chanceOfRain.map { "\($0.period) \(chanceOfRain($0.percent))" }.joined(separator: " "))"
    }

    /// A day's label as the API writes it (今日, 明日, 明後日), in the reader's language; another
    /// label as it came.
    public static func dayLabel(_ label: String) -> LocalizedText {
        switch label {
        case "今日": LocalizedText([.japanese: "今日", .english: "Today"])
        case "明日": LocalizedText([.japanese: "明日", .english: "Tomorrow"])
        case "明後日": LocalizedText([.japanese: "明後日", .english: "Day after tomorrow"])
        default: LocalizedText(verbatim: label)
        }
    }

    /// `r` retries (after a failure's message).
    public static let retryHint = LocalizedText([.japanese: "（r: 再試行）", .english: "(r: retry)"])

    // MARK: - Errors

    /// No forecast for the city.
    public static let unknownCity = LocalizedText([
        .japanese: "この地点の天気予報は見つかりませんでした", .english: "There is no forecast for this city",
    ])
    /// The forecast could not be read.
    public static let invalidData = LocalizedText([
        .japanese: "天気予報のデータを読み取れませんでした", .english: "The forecast could not be read",
    ])

    /// `29℃`, or `--℃` when the API has no temperature.
    public static func temperature(_ celsius: Int?) -> String {
        celsius.map { "\($0)℃" } ?? "--℃"
    }

    /// `30%`, or `--%` when the API has no data.
    public static func chanceOfRain(_ percent: Int?) -> String {
        percent.map { "\($0)%" } ?? "--%"
    }
}
