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
/// - sends events: ``send(_:)``, which hands them to ``onEvent(_:)``;
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

    /// Handles one event: the ViewModel's answer to what the view reported. Views call
    /// ``send(_:)``, which calls this.
    func onEvent(_ event: Event)

    /// Called by ``appear()``; does nothing by default. Start the screen's work here.
    func didAppear()

    /// Called by ``disappear()`` before owned work is cancelled; does nothing by default.
    func willDisappear()
}

extension ViewModel {
    /// The current state (observable).
    public var state: State { readOnlyStore.base.state }

    /// Sends one event from the view: the one way a view asks for a change.
    ///
    /// The library hands `event` to the change log, if one is attached (MVVMLogging), then to
    /// ``onEvent(_:)``; when `onEvent` returns, the modal that offered `event`, if the state is a
    /// ``NavigationState`` and the modal is still shown, is dismissed. So `onEvent` needs no
    /// line for either. (`NavigationStateTests`, `ChangeLogTests`.)
    ///
    /// ```swift
    /// Button("Retry") { viewModel.send(.retryTapped) }
    /// ```
    public func send(_ event: Event) {
        EventDelivery.deliver(event, to: self, fromView: true)
    }

    /// Tells the ViewModel its view appeared: loads again the per-row resources a disappearing
    /// cancelled (``StateStore/loadResources(_:for:id:source:from:)``), then calls ``didAppear()``.
    public func appear() {
        readOnlyStore.base.reloadResourceWindows()
        didAppear()
    }

    /// Tells the ViewModel its view disappeared: calls ``willDisappear()``, then cancels all
    /// owned work, including work ``willDisappear()`` started. Cancelled work puts back what it
    /// had changed (see ``StateStore/run(_:policy:onCancel:operation:)``), so no spinner waits for
    /// the view's return.
    public func disappear() {
        willDisappear()
        readOnlyStore.base.pauseResourceWindows()
        readOnlyStore.base.cancelAllWork()
    }

    /// Does nothing; implement it to start work when the view appears.
    public func didAppear() {}
    /// Does nothing; implement it to save or stop things before owned work is cancelled.
    public func willDisappear() {}

    /// Calls `handler` with each new state: the no-binding-framework way to observe.
    ///
    /// The article's `stateDidUpdate` closure without its pitfalls: any number of observers,
    /// each called once per `StateStore.update(_:)`, synchronously and in the order they
    /// subscribed, until the returned token is cancelled or released. To follow one field, use
    /// ``subscribe(_:sendCurrent:_:)``. A ViewModel observing its own state does the same
    /// (`subscribe(\.rows) { … }.store(in: store)`).
    ///
    /// ```swift
    /// viewModel.subscribe { [weak self] state in self?.render(state) }
    ///     .store(in: &tokens)
    /// ```
    ///
    /// - Parameters:
    ///   - sendCurrent: call `handler` with the current state before returning (the default).
    ///   - handler: called on the main actor with each state.
    /// - Returns: the token that keeps the observation alive.
    public func subscribe(
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (State) -> Void
    ) -> ObservationToken {
        readOnlyStore.base.subscribe(sendCurrent: sendCurrent, handler)
    }

    /// Calls `handler` with the value of one field now, and again whenever an update changes
    /// it: a binding from one output to one view property. Updates that leave the field equal do
    /// not call `handler`.
    ///
    /// ```swift
    /// viewModel.subscribe(\.isSubmitEnabled) { [weak self] isEnabled in
    ///     self?.submitButton.isEnabled = isEnabled
    /// }
    /// .store(in: &tokens)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: the field.
    ///   - sendCurrent: call `handler` with the current value before returning (the default).
    ///   - handler: called on the main actor with each new value.
    /// - Returns: the token that keeps the observation alive.
    @inlinable   // so that the comparison is specialized for the field's type in the caller
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        readOnlyStore.base.subscribe(keyPath, sendCurrent: sendCurrent, handler)
    }
}

extension ViewModel where State: Sendable {
    /// The current state, then each change, as an async sequence.
    ///
    /// Nothing is dropped: every state an update produces is buffered until read. The sequence
    /// ends when the ViewModel's store is deallocated; stop iterating to stop observing.
    ///
    /// ```swift
    /// for await state in viewModel.states {
    ///     render(state)
    /// }
    /// ```
    public var states: AsyncStream<State> { readOnlyStore.base.states }
}

extension ViewModel where Event: Sendable {
    /// A mailbox through which code on any thread sends this ViewModel events: each batch of
    /// posted events reaches ``onEvent(_:)`` on the main actor, in posting order, in one hop, and
    /// the state changes of a batch reach observers as one notification.
    ///
    /// The one way in for background producers (a download's progress, a socket), the
    /// ViewModel's own callbacks included: they post events, and the ViewModel decides what they
    /// change. (`MainActorMailboxTests`.)
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
            EventDelivery.deliver(events, to: self)
        }
    }
}
