public import MVVMTerminal
public import WeatherFeature

/// One city's forecast: date, title, the days, and the forecaster's text, scrollable.
@MainActor
public final class WeatherDetailScreen: ViewModelScreen {
    /// The ViewModel the screen shows; it appears and disappears with the screen.
    public let viewModel: WeatherDetailViewModel
    private var tick = 0
    /// The first line of the body text shown.
    public private(set) var scrollOffset = 0

    /// Creates the screen; the ViewModel appears when the screen does.
    public init(viewModel: WeatherDetailViewModel) {
        self.viewModel = viewModel
    }

    /// Draws the ViewModel's state.
    public func render(into frame: inout Frame) {
        tick += 1
        scrollOffset = WeatherDetailView.render(viewModel.state, scrollOffset: scrollOffset, tick: tick, into: &frame)
    }

    /// Scrolls the text, retries, or goes back.
    public func handle(_ key: Key) -> ScreenAction? {
        switch key {
        case .character("q"), .escape: return .pop
        case .up, .character("k"): scrollOffset = max(0, scrollOffset - 1)
        case .down, .character("j"): scrollOffset += 1
        case .character("r"): viewModel.send(.retryTapped)
        default: break
        }
        return nil
    }
}
