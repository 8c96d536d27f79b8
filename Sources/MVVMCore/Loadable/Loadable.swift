/// A value that loads: idle, loading, loaded or failed — the article's `State` enum, generic.
///
/// A reload keeps the value on screen: ``loading(previous:)`` and ``failed(_:previous:)`` carry
/// the last loaded value, so a list does not blank out while it refreshes or when a refresh fails.
///
/// ```swift
/// switch state.users {
/// case .idle: Text("Pull to load")
/// case .loading(previous: nil): ProgressView()
/// case .failed(let error, nil): ErrorView(error)
/// default: List(state.users.value ?? []) { ... }   // loaded, refreshing, or refresh failed
/// }
/// ```
public enum Loadable<Value> {
    /// Nothing requested yet.
    case idle
    /// A load is in flight; `previous` is the value shown meanwhile, if any.
    /// `.loading()` is a first load, with nothing to show.
    case loading(previous: Value? = nil)
    /// The value arrived.
    case loaded(Value)
    /// The load failed; `previous` is the value still shown, if any.
    case failed(ErrorPresentation, previous: Value?)

    /// The value to show: the loaded one, or the one kept while reloading or after a failure.
    public var value: Value? {
        switch self {
        case .idle: nil
        case .loading(let previous): previous
        case .loaded(let value): value
        case .failed(_, let previous): previous
        }
    }

    /// Whether a load is in flight (a first load or a refresh).
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// Whether a load is in flight while an earlier value is shown (pull to refresh).
    public var isRefreshing: Bool {
        if case .loading(previous: .some) = self { return true }
        return false
    }

    /// The failure to show, if the last load failed.
    public var error: ErrorPresentation? {
        if case .failed(let error, _) = self { return error }
        return nil
    }

    /// Moves to ``loading(previous:)``, keeping the value shown now.
    public mutating func startLoading() {
        self = .loading(previous: value)
    }

    /// Moves to ``loaded(_:)``.
    public mutating func finish(with value: Value) {
        self = .loaded(value)
    }

    /// Moves to ``failed(_:previous:)``, keeping the value shown now.
    public mutating func fail(with error: ErrorPresentation) {
        self = .failed(error, previous: value)
    }

    /// Ends a load that was called off without a result: back to ``loaded(_:)`` with the value
    /// shown meanwhile, or to ``idle`` when there was none. Does nothing unless loading.
    public mutating func cancelLoading() {
        guard case .loading(let previous) = self else { return }
        self = previous.map(Loadable.loaded) ?? .idle
    }

    /// This value with a load in flight called off: ``loading(previous:)`` becomes ``loaded(_:)``
    /// with the value shown meanwhile, or ``idle``; any other phase stays.
    var settled: Loadable {
        var settled = self
        settled.cancelLoading()
        return settled
    }

    /// Transforms the value, keeping the phase.
    public func map<T>(_ transform: (Value) throws -> T) rethrows -> Loadable<T> {
        switch self {
        case .idle: .idle
        case .loading(let previous): .loading(previous: try previous.map(transform))
        case .loaded(let value): .loaded(try transform(value))
        case .failed(let error, let previous): .failed(error, previous: try previous.map(transform))
        }
    }
}

extension Loadable: Equatable where Value: Equatable {}
extension Loadable: Hashable where Value: Hashable {}
extension Loadable: Sendable where Value: Sendable {}
