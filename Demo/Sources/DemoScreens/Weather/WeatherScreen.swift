public import MVVMTerminal
public import WeatherFeature

/// The weather top screen: a city list and the chosen city's forecast; Enter opens the city's
/// detail (the ViewModel tells its parent, which pushes it, article 002).
@MainActor
public final class WeatherScreen: ViewModelScreen {
    /// The ViewModel the screen shows; it appears and disappears with the screen.
    public let viewModel: WeatherViewModel
    private var tick = 0

    /// Creates the screen; the ViewModel appears when the screen does.
    public init(viewModel: WeatherViewModel) {
        self.viewModel = viewModel
    }

    /// Draws the ViewModel's state.
    public func render(into frame: inout Frame) {
        tick += 1
        WeatherView.render(viewModel.state, tick: tick, into: &frame)
    }

    /// Chooses a city, retries, or goes back.
    public func handle(_ key: Key) -> ScreenAction? {
        let state = viewModel.state
        let index = state.cities.firstIndex(of: state.selectedCity) ?? 0
        switch key {
        case .character("q"), .escape: return .pop
        case .up, .character("k"):
            if index > 0 { viewModel.send(.citySelected(id: state.cities[index - 1].id)) }
        case .down, .character("j"):
            if index + 1 < state.cities.count { viewModel.send(.citySelected(id: state.cities[index + 1].id)) }
        case .character("r"): viewModel.send(.retryTapped)
        case .enter: viewModel.send(.selectedCityOpened)
        default: break
        }
        return nil
    }
}
