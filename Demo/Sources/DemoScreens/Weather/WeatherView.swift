public import Foundation
import MVVMCore
public import MVVMTerminal
public import WeatherFeature

/// Draws the weather screen from its state: pure, for snapshot tests.
public enum WeatherView {
    /// The width of the city list on the left.
    static let cityColumnWidth = 14

    /// Draws `state` into `frame`; `tick` drives the spinner; a saved forecast's time is shown in
    /// `timeZone`, with its date unless saved on `now`'s day.
    public static func render(_ state: WeatherState, tick: Int = 0, timeZone: TimeZone = .current, now: Date = Date(), into frame: inout Frame) {
        frame.put(WeatherText.title.resolved(in: frame.language), at: Position(row: 0, column: 1), style: Style(bold: true))
        let selected = state.cities.firstIndex(of: state.selectedCity)
        ListView(rows: state.cities.map { $0.name }, selection: selected)
            .draw(into: &frame, in: Rect(row: 2, column: 1, width: cityColumnWidth - 2, height: frame.height - 3))
        let left = cityColumnWidth + 1
        let width = frame.width - left - 1
        frame.put(state.titleText, at: Position(row: 2, column: left), style: Style(bold: true), maxWidth: width)
        frame.put(state.dateText, at: Position(row: 3, column: left), style: Style(dim: true), maxWidth: width)
        if let notice = state.savedDataNotice {
            frame.put(notice.terminalText(now: now, timeZone: timeZone).resolved(in: frame.language), at: Position(row: 4, column: left), style: Style(foreground: .yellow), maxWidth: width)
        }
        var row = 5
        if state.isLoading {
            Spinner.draw(into: &frame, at: Position(row: row, column: left), tick: tick, label: WeatherText.loading.resolved(in: frame.language))
            row += 2
        }
        if let error = state.forecast.error {
            frame.put("\(error.message.resolved(in: frame.language))  \(WeatherText.retryHint.resolved(in: frame.language))", at: Position(row: row, column: left), style: Style(foreground: .red), maxWidth: width)
            row += 2
        }
        for day in state.days {
            frame.put("\(WeatherText.dayLabel(day.label).resolved(in: frame.language)) \(day.date)  \(day.telop)", at: Position(row: row, column: left), style: Style(bold: true), maxWidth: width)
            frame.put("  " + WeatherText.temperatures(of: day).resolved(in: frame.language), at: Position(row: row + 1, column: left), maxWidth: width)
            frame.put("  " + WeatherText.chancesOfRain(of: day).resolved(in: frame.language), at: Position(row: row + 2, column: left), maxWidth: width)
            row += 4
        }
        StatusBar.draw(into: &frame, items: WeatherText.listHints)
    }
}
