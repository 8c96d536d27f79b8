/// A ViewModel: value state, events in, one update call.
///
/// This is the article's `UiState` + `Event` + `onEvent` + `updateState`, as a protocol. Conform a
/// `@MainActor final class`, keep the state in a ``StateStore``, and handle events in
/// ``onEvent(_:)``. Every binding style reads the same store: SwiftUI and UIKit through
/// Observation, imperative views through ``observe(_:)`` or ``subscribe(sendCurrent:_:)``,
/// async code through ``states``, Combine code through MVVMCombine.
///
/// ```swift
/// @MainActor
/// final class CounterViewModel: ViewModel {
///     struct State: Equatable { var count = 0 }
///     enum Event { case incrementTapped, resetTapped }
///
///     let store = StateStore(State())
///
///     func onEvent(_ event: Event) {
///         switch event {
///         case .incrementTapped: update { $0.count += 1 }
///         case .resetTapped: update { $0.count = 0 }
///         }
///     }
/// }
/// ```
///
/// Views call ``appear()`` and ``disappear()``: disappearing cancels all owned work, and so does
/// deallocation.
@MainActor
public protocol ViewModel: AnyObject, Sendable {
    /// The screen's state: a struct or an enum that the view renders.
    associatedtype State
    /// What the view reports: taps, text changes, lifecycle moments.
    associatedtype Event

    /// The holder of ``state`` and of the ViewModel's owned async work.
    var store: StateStore<State> { get }

    /// Handles one event from the view.
    func onEvent(_ event: Event)

    /// Called by ``appear()`` when the view appears; does nothing by default.
    func didAppear()

    /// Called by ``disappear()`` before owned work is cancelled; does nothing by default.
    func willDisappear()
}

extension ViewModel {
    /// The current state (observable).
    public var state: State { store.state }

    /// Changes the state with one mutation and one notification; see ``StateStore/update(_:)``.
    public func update<Failure: Error>(_ mutate: (inout State) throws(Failure) -> Void) throws(Failure) {
        try store.update(mutate)
    }

    /// Sends an event: the same as ``onEvent(_:)``, named for call sites that read as a script.
    public func send(_ event: Event) {
        onEvent(event)
    }

    /// Tells the ViewModel its view appeared: calls ``didAppear()``.
    public func appear() {
        didAppear()
    }

    /// Tells the ViewModel its view disappeared: calls ``willDisappear()``, then cancels all
    /// owned work, including work ``willDisappear()`` started. Cancelled work puts back what it
    /// had changed (see ``StateStore/run(_:policy:onCancel:operation:)``), so no spinner waits for
    /// the view's return.
    public func disappear() {
        willDisappear()
        store.cancelAllWork()
    }

    /// Does nothing; implement it to start work when the view appears.
    public func didAppear() {}
    /// Does nothing; implement it to save or stop things before owned work is cancelled.
    public func willDisappear() {}

    /// Calls `handler` with each new state; see ``StateStore/subscribe(sendCurrent:_:)``.
    @discardableResult
    public func subscribe(
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (State) -> Void
    ) -> ObservationToken {
        store.subscribe(sendCurrent: sendCurrent, handler)
    }
}

extension ViewModel where State: Sendable {
    /// The current state, then each change; see ``StateStore/states``.
    public var states: AsyncStream<State> { store.states }
}
