public import Observation

/// The state holder of a ViewModel: one value, changed only through ``update(_:)``.
///
/// A `StateStore` is the article's `UiState` + `updateState` made reusable. It holds a screen's
/// state as a value (a struct or an enum) and lets every kind of view observe it:
///
/// - **Observation**: `state` is an `@Observable` property, so SwiftUI, UIKit's observation
///   tracking, `withObservationTracking` and ``observe(_:)`` track it;
/// - **closures**: ``subscribe(sendCurrent:_:)`` is the no-binding-framework `stateDidUpdate`;
/// - **async sequences**: ``states`` yields the current value, then each change;
/// - **publishers**: MVVMCombine builds them on ``subscribe(sendCurrent:_:)``.
///
/// It also owns the ViewModel's asynchronous work (see ``run(_:policy:operation:)``), which ends
/// when the store is deactivated or deallocated.
///
/// ```swift
/// let store = StateStore(State())
/// store.update { state in
///     state.isLoading = false
///     state.title = "Tokyo"      // two fields, one notification
/// }
/// ```
@MainActor
@Observable
public final class StateStore<State> {
    /// The current state. Read it anywhere on the main actor; change it with ``update(_:)``.
    public private(set) var state: State

    /// The clock that debounce, throttle and ``sleep(for:)`` use: a test clock in tests.
    @ObservationIgnored public let clock: any Clock<Duration>

    @ObservationIgnored private let isDuplicate: ((State, State) -> Bool)?
    @ObservationIgnored var observers: [UInt64: StateObserver<State>] = [:]
    @ObservationIgnored var nextObserverID: UInt64 = 0
    @ObservationIgnored private var pendingNotifications: [State] = []
    @ObservationIgnored private var isNotifying = false
    /// Called when the store goes away: finishes async sequences of states.
    /// `@Sendable` closures, so `deinit` may call them from any thread.
    @ObservationIgnored var finishers: [UInt64: @Sendable () -> Void] = [:]
    /// Owned async work, Sendable so that `deinit` can cancel it.
    @ObservationIgnored var work = WorkRegistry()
    @ObservationIgnored var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Whether the view is on screen; see ``activate()`` and ``deactivate()``.
    @ObservationIgnored public internal(set) var isActive = false

    /// Creates a store with an initial state.
    ///
    /// - Parameters:
    ///   - initialState: the state before any event.
    ///   - clock: the clock for debounce, throttle and sleeps; `ContinuousClock()` by default.
    public init(_ initialState: State, clock: any Clock<Duration> = ContinuousClock()) {
        self.state = initialState
        self.clock = clock
        self.isDuplicate = nil
    }

    /// Creates a store whose updates that leave the state equal notify nobody.
    ///
    /// - Parameters:
    ///   - initialState: the state before any event.
    ///   - clock: the clock for debounce, throttle and sleeps; `ContinuousClock()` by default.
    public init(_ initialState: State, clock: any Clock<Duration> = ContinuousClock())
    where State: Equatable {
        self.state = initialState
        self.clock = clock
        self.isDuplicate = { $0 == $1 }
    }

    deinit {
        for task in work.allTasks { task.cancel() }
        for finish in finishers.values { finish() }
        for waiter in idleWaiters { waiter.resume() }
    }

    /// Changes the state through one mutation, and notifies every observer once.
    ///
    /// However many fields `mutate` touches, Observation sees one change and each closure
    /// observer is called once. When `State` is `Equatable` and the result equals the current
    /// state, nobody is notified.
    ///
    /// An update made by owned work that has been cancelled (a newer search replaced it, the view
    /// disappeared, the ViewModel went away) is dropped: a stale response can never change state.
    ///
    /// Updates made by an observer while observers are being notified are applied at once, and
    /// their notifications follow in order, so every observer sees every state in the same order.
    public func update<Failure: Error>(_ mutate: (inout State) throws(Failure) -> Void) throws(Failure) {
        if WorkContext.isCancelledOwnedWork { return }
        var next = state
        try mutate(&next)
        if let isDuplicate, isDuplicate(state, next) { return }
        state = next
        notifyObservers(of: next)
    }

    private func notifyObservers(of newState: State) {
        pendingNotifications.append(newState)
        guard !isNotifying else { return }
        isNotifying = true
        defer { isNotifying = false }
        var index = 0
        while index < pendingNotifications.count {
            let value = pendingNotifications[index]
            index += 1
            for id in observers.keys.sorted() {
                guard let observer = observers[id] else { continue }
                guard observer.isLive else {
                    observers[id] = nil
                    continue
                }
                observer.handler(value)
            }
        }
        pendingNotifications.removeAll(keepingCapacity: true)
    }
}
