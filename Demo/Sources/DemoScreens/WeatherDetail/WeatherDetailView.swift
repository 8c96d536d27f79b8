public import Foundation
import MVVMCore
public import MVVMTerminal
public import WeatherFeature

/// Draws the weather detail screen from its state: pure, for snapshot tests.
public enum WeatherDetailView {
    /// Draws `state` into `frame`, the body text scrolled to line `scrollOffset`; `tick` drives
    /// the spinner.
    ///
    /// A saved forecast's time is shown in `timeZone`, with its date unless saved on `now`'s day.
    ///
    /// - Returns: the scroll offset used, to keep for the next draw.
    @discardableResult
    public static func render(_ state: WeatherDetailState, scrollOffset: Int = 0, tick: Int = 0, timeZone: TimeZone = .current, now: Date = Date(), into frame: inout Frame) -> Int {
        let width = frame.width - 2
        frame.put("\(WeatherText.title.resolved(in: frame.language)) › \(state.city.name)", at: Position(row: 0, column: 1), style: Style(dim: true), maxWidth: width)
        frame.put(state.titleText, at: Position(row: 1, column: 1), style: Style(bold: true), maxWidth: width)
        frame.put(state.dateText, at: Position(row: 2, column: 1), style: Style(dim: true), maxWidth: width)
        var row = 4
        if let notice = state.savedDataNotice {
            frame.put(notice.terminalText(now: now, timeZone: timeZone).resolved(in: frame.language), at: Position(row: 3, column: 1), style: Style(foreground: .yellow), maxWidth: width)
        }
        if state.isLoading {
            Spinner.draw(into: &frame, at: Position(row: row, column: 1), tick: tick, label: WeatherText.loading.resolved(in: frame.language))
            row += 2
        }
        if let error = state.error {
            frame.put("\(error.message.resolved(in: frame.language))  \(WeatherText.retryHint.resolved(in: frame.language))", at: Position(row: row, column: 1), style: Style(foreground: .red), maxWidth: width)
            row += 2
        }
        for day in state.days {
            let temperatures = WeatherText.temperatures(of: day).resolved(in: frame.language)
            frame.put("\(WeatherText.dayLabel(day.label).resolved(in: frame.language)) \(day.date)  \(day.telop)  \(temperatures)", at: Position(row: row, column: 1), maxWidth: width)
            frame.put("  " + WeatherText.chancesOfRain(of: day).resolved(in: frame.language), at: Position(row: row + 1, column: 1), style: Style(dim: true), maxWidth: width)
            row += 2
        }
        if !state.days.isEmpty { row += 1 }
        let bodyRect = Rect(row: row, column: 1, width: width, height: frame.height - 1 - row)
        let offset = TextView(text: state.bodyText, scrollOffset: scrollOffset).draw(into: &frame, in: bodyRect)
        StatusBar.draw(into: &frame, items: WeatherText.detailHints)
        return offset
    }
}
