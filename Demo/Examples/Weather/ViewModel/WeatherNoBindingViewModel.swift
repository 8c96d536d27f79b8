public import MVVMCore

/// The weather screen without any binding framework (the "MVVM without binding" article):
/// the view sets one closure, ``stateDidUpdate``, and switches over a small state enum.
///
/// ```swift
/// viewModel.stateDidUpdate = { [weak self] phase in
///     switch phase {
///     case .loading(let city): self?.showSpinner(for: city)
///     case .loaded(let forecast): self?.show(forecast)
///     case .failed(let message, let canRetry): self?.showError(message, retry: canRetry)
///     }
/// }
/// viewModel.viewDidLoad()
/// ```
///
/// It drives the same ``WeatherViewModel``: the logic is written once.
@MainActor
public final class WeatherNoBindingViewModel {
    /// What the view shows.
    public enum Phase: Equatable, Sendable {
        /// A forecast is loading for the city.
        case loading(City)
        /// The forecast to show.
        case loaded(Forecast)
        /// A failure, and whether a retry may help.
        case failed(message: LocalizedText, canRetry: Bool)
    }

    /// Called with each new phase, and at once with the current one when set.
    public var stateDidUpdate: ((Phase) -> Void)? {
        didSet { phase.map { stateDidUpdate?($0) } }
    }

    /// The logic, shared with the other bindings.
    public let viewModel: WeatherViewModel
    private var token: ObservationToken?
    private var lastPhase: Phase?

    /// Creates the ViewModel.
    public init(repository: any WeatherRepository, cities: [City] = City.all) {
        viewModel = WeatherViewModel(repository: repository, cities: cities)
        token = viewModel.subscribe(sendCurrent: false) { [weak self] state in
            guard let self, let phase = Self.phase(of: state), phase != lastPhase else { return }
            lastPhase = phase
            stateDidUpdate?(phase)
        }
    }

    /// The phase now, if anything was asked for yet.
    public var phase: Phase? { Self.phase(of: viewModel.state) }

    /// Call from the view's `viewDidLoad`: loads the first city.
    public func viewDidLoad() { viewModel.appear() }

    /// Call when the user picks a city.
    public func citySelected(_ id: City.ID) { viewModel.send(.citySelected(id: id)) }

    /// Call when the user taps Retry.
    public func retryTapped() { viewModel.send(.retryTapped) }

    private static func phase(of state: WeatherState) -> Phase? {
        switch state.forecast {
        case .idle: nil
        case .loading: .loading(state.selectedCity)
        case .loaded(let fetched): .loaded(fetched.value)
        case .failed(let error, _): .failed(message: error.message, canRetry: error.isRetryable)
        }
    }
}
