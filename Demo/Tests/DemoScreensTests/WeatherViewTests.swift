import Foundation
import DemoScreens
import MVVMTerminal
import MVVMCore
import Testing
import WeatherFeature

struct WeatherViewTests {
    @Test func weatherWithNulls() {
        var state = WeatherState(cities: [City(id: "130010", name: "東京", prefecture: "東京都"), City(id: "270000", name: "大阪", prefecture: "大阪府")])
        state.forecast = .loaded(.fresh(Forecast(
            title: "東京都 東京 の天気", publishedAt: "2026-11-23T05:00:00+09:00", publishingOffice: "気象庁",
            headline: "", body: "",
            days: [DailyForecast(date: "2026-11-23", label: "今日", telop: "晴れ", minCelsius: nil, maxCelsius: 18,
                                 chanceOfRain: [RainChance(period: "T00_06", percent: nil), RainChance(period: "T06_12", percent: 10)])])))
        var frame = Frame.japanese(width: 60, height: 12)
        WeatherView.render(state, into: &frame)
        #expect(frame.text == [
            " 天気予報",
            "",
            " 東京          東京都 東京 の天気",
            " 大阪          2026-11-23T05:00:00+09:00",
            "",
            "               今日 2026-11-23  晴れ",
            "                 最低 --℃  最高 18℃",
            "                 降水確率 T00_06 --% T06_12 10%",
            "",
            "",
            "",
            " ↑↓ 地点  Enter 詳細  r 再試行  q 戻る",
        ].joined(separator: "\n"))
    }
}

extension WeatherViewTests {
    @Test func loadingThenFailure() {
        var state = WeatherState(cities: [City(id: "130010", name: "東京", prefecture: "東京都")])
        state.forecast = .loading(previous: nil)
        var frame = Frame.japanese(width: 50, height: 8)
        WeatherView.render(state, tick: 0, into: &frame)
        #expect(frame.text == [
            " 天気予報",
            "",
            " 東京          東京都 東京",
            "",
            "",
            "               ⠋ 読み込み中…",
            "",
            " ↑↓ 地点  Enter 詳細  r 再試行  q 戻る",
        ].joined(separator: "\n"))
        state.forecast = .failed(ErrorPresentation(title: "天気予報", message: "通信エラー"), previous: nil)
        frame = Frame.japanese(width: 50, height: 8)
        WeatherView.render(state, tick: 0, into: &frame)
        #expect(frame.text == [
            " 天気予報",
            "",
            " 東京          東京都 東京",
            "",
            "",
            "               通信エラー  （r: 再試行）",
            "",
            " ↑↓ 地点  Enter 詳細  r 再試行  q 戻る",
        ].joined(separator: "\n"))
    }
}

extension WeatherViewTests {
    @Test func aSavedForecastShownOfflineSaysSoAndWhenItWasSaved() {
        var state = WeatherState(cities: [City(id: "130010", name: "東京", prefecture: "東京都")])
        let forecast = Forecast(title: "東京都 東京 の天気", publishedAt: "2026-11-23T05:00:00+09:00", publishingOffice: "気象庁", headline: "", body: "", days: [])
        let savedAt = Date(timeIntervalSince1970: 1_699_957_320)   // 2023-11-14 10:22 UTC
        state.forecast = .failed(ErrorPresentation(title: "天気予報", message: "通信エラー"), previous: Fetched(forecast, origin: .saved(at: savedAt)))
        var frame = Frame.japanese(width: 50, height: 8)
        WeatherView.render(state, timeZone: TimeZone(identifier: "UTC")!, now: savedAt, into: &frame)
        #expect(frame.text == [
            " 天気予報",
            "",
            " 東京          東京都 東京 の天気",
            "               2026-11-23T05:00:00+09:00",
            "               オフライン · 10:22 に保存",
            "               通信エラー  （r: 再試行）",
            "",
            " ↑↓ 地点  Enter 詳細  r 再試行  q 戻る",
        ].joined(separator: "\n"))
        #expect(frame[4, 15].style.foreground == .yellow)
    }
}
