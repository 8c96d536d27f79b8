/// A ViewModel: value state, events in, and nobody but the ViewModel writes the state.
///
/// This is the article's `UiState` + `Event` + `onEvent` + `updateState`, as a protocol. Conform a
/// `@MainActor final class`, keep the state in a `private` ``StateStore``, show it to views
/// through ``readOnlyStore``, and handle events in ``onEvent(_:)``:
///
/// ```swift
/// @MainActor
/// final class CounterViewModel: ViewModel {
///     struct State: Equatable { var count = 0 }
///     enum Event { case incrementTapped, resetTapped }
///
///     private let store = StateStore(State())
///     var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
///
///     func onEvent(_ event: Event) {
///         switch event {
///         case .incrementTapped: store.update { $0.count += 1 }
///         case .resetTapped: store.update { $0.count = 0 }
///         }
///     }
/// }
/// ```
///
/// A view does four things with a ViewModel, and nothing it could call writes the state:
/// - reads ``state`` (SwiftUI and `withObservationTracking` track it);
/// - observes it: ``observe(_:)``, ``subscribe(sendCurrent:_:)``, the key-path
///   ``subscribe(_:sendCurrent:_:)``, ``states``; Combine publishers in MVVMCombine;
/// - sends events: ``onEvent(_:)``;
/// - reports its lifecycle: ``appear()`` and ``disappear()``.
///
/// Disappearing cancels all owned work, and so does deallocation.
@MainActor
public protocol ViewModel: AnyObject, Sendable {
    /// The screen's state: a struct or an enum that the view renders.
    associatedtype State
    /// What the view reports: taps, text changes, selections.
    associatedtype Event

    /// The state as views may see it: `store.readOnly` of the ViewModel's private store.
    var readOnlyStore: ReadOnlyStore<State> { get }

    /// Handles one event from the view: the one way a view asks for a change.
    func onEvent(_ event: Event)

    /// Called by ``appear()``; does nothing by default. Start the screen's work here.
    func didAppear()

    /// Called by ``disappear()`` before owned work is cancelled; does nothing by default.
    func willDisappear()
}

extension ViewModel {
    /// The current state (observable).
    public var state: State { readOnlyStore.base.state }

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
        readOnlyStore.base.cancelAllWork()
    }

    /// Does nothing; implement it to start work when the view appears.
    public func didAppear() {}
    /// Does nothing; implement it to save or stop things before owned work is cancelled.
    public func willDisappear() {}

    /// Calls `handler` with each new state; see ``StateStore/subscribe(sendCurrent:_:)``.
    public func subscribe(
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (State) -> Void
    ) -> ObservationToken {
        readOnlyStore.base.subscribe(sendCurrent: sendCurrent, handler)
    }

    /// Calls `handler` with one field's value now and whenever it changes; see
    /// ``StateStore/subscribe(_:sendCurrent:_:)``.
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        readOnlyStore.base.subscribe(keyPath, sendCurrent: sendCurrent, handler)
    }
}

extension ViewModel where State: Sendable {
    /// The current state, then each change; see ``StateStore/states``.
    public var states: AsyncStream<State> { readOnlyStore.base.states }
}

extension ViewModel where Event: Sendable {
    /// A mailbox through which code on any thread sends this ViewModel events: each batch of
    /// posted events reaches ``onEvent(_:)`` on the main actor, in posting order, in one hop.
    ///
    /// The sanctioned way in for background producers (a download's progress, a socket): they
    /// post events, and the ViewModel decides what they change.
    ///
    /// ```swift
    /// let events = viewModel.mailbox()
    /// downloader.onProgress = { bytes in events.post(.progressReported(bytes)) }   // any thread
    /// ```
    ///
    /// The mailbox holds the ViewModel weakly: events posted after it is gone are dropped.
    public func mailbox() -> MainActorMailbox<Event> {
        MainActorMailbox { [weak self] events in
            guard let self else { return }
            for event in events { EventDelivery.deliver(event, to: self) }
        }
    }
}
