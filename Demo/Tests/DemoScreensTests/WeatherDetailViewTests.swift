import DemoScreens
import MVVMCore
import MVVMTerminal
import Testing
import WeatherFeature

/// The weather detail shows the date, the title, the days and the forecaster's text (article
/// 002's `bodyText`), wrapped and scrollable.
struct WeatherDetailViewTests {
    static let tokyo = City(id: "130010", name: "東京", prefecture: "東京都")

    static func loaded(body: String) -> WeatherDetailState {
        var state = WeatherDetailState(city: tokyo)
        state.forecast = .loaded(.fresh(Forecast(
            title: "東京都 東京 の天気", publishedAt: "2026-11-23T05:00:00+09:00", publishingOffice: "気象庁",
            headline: "", body: body,
            days: [DailyForecast(date: "2026-11-23", label: "今日", telop: "晴れ", minCelsius: nil, maxCelsius: 18,
                                 chanceOfRain: [RainChance(period: "T00_06", percent: nil), RainChance(period: "T06_12", percent: 10)])])))
        return state
    }

    @Test func showsDateTitleDaysAndTheBodyTextWrapped() {
        let state = Self.loaded(body: "東京地方は、高気圧に覆われて晴れています。\n\n明日は晴れるでしょう。")
        var frame = Frame.japanese(width: 30, height: 12)
        WeatherDetailView.render(state, into: &frame)
        #expect(frame.text == [
            " 天気予報 › 東京",
            " 東京都 東京 の天気",
            " 2026-11-23T05:00:00+09:00",
            "",
            " 今日 2026-11-23  晴れ  最低",
            "   降水確率 T00_06 --% T06_12",
            "",
            " 東京地方は、高気圧に覆われて",
            " 晴れています。",
            "",
            " 明日は晴れるでしょう。",
            " ↑↓ スクロール  r 再試行  q 戻",
        ].joined(separator: "\n"))
    }

    @Test func theBodyScrollsByLinesAndStopsAtItsEnd() {
        let state = Self.loaded(body: (1...9).map { "line \($0)" }.joined(separator: "\n"))
        var frame = Frame.japanese(width: 30, height: 11)
        let offset = WeatherDetailView.render(state, scrollOffset: 100, into: &frame)
        #expect(offset == 6, "9 lines in 3 rows: the last 3 show")
        #expect(frame.line(7) == " line 7")
        #expect(frame.line(9) == " line 9")
    }

    @Test func aFailureShowsTheCityAndTheErrorNeverAnotherCitysForecast() {
        var state = WeatherDetailState(city: Self.tokyo)
        state.forecast = .failed(ErrorPresentation(title: "天気予報", message: "通信エラー"), previous: nil)
        var frame = Frame.japanese(width: 30, height: 7)
        WeatherDetailView.render(state, into: &frame)
        #expect(frame.text == [
            " 天気予報 › 東京",
            " 東京都 東京",
            "",
            "",
            " 通信エラー  （r: 再試行）",
            "",
            " ↑↓ スクロール  r 再試行  q 戻",
        ].joined(separator: "\n"))
    }
}
