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
public final class StateStore<State>: Observable {
    /// The current state. Read it anywhere on the main actor; change it with ``update(_:)``.
    ///
    /// Observable by hand rather than by the `@Observable` macro: the macro writes the key path
    /// `\.state` at each access, and in a generic class that literal is instantiated at run
    /// time on every read and write (microseconds). This store makes it once.
    public var state: State {
        observationRegistrar.access(self, keyPath: stateKeyPath)
        return storedState
    }

    @usableFromInline var storedState: State
    @usableFromInline let observationRegistrar = ObservationRegistrar()
    @usableFromInline let stateKeyPath = StorePerType.stateKeyPath(State.self)

    /// The clock that debounce, throttle and ``sleep(for:)`` use: a test clock in tests.
    public let clock: any Clock<Duration>

    @usableFromInline let duplicateCheck: DuplicateCheck<State>?
    // `@exclusivity(unchecked)` on the notification path's properties: they are touched only on
    // the main actor, and only in short accesses that never span a call out (observers are
    // read into locals before they are called), so no two accesses can overlap; the dynamic
    // check would cost two runtime calls per observer.

    /// Whole-state closure observers, in registration order.
    @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<StateObserver<State>> = []
    /// Field observers, one watch per field, in the order the fields were first observed.
    @exclusivity(unchecked) @usableFromInline var fieldWatches: [FieldWatch<State>] = []
    /// Keys for ``finishers``.
    var nextFinisherID: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var pendingNotifications: [State] = []
    @exclusivity(unchecked) @usableFromInline var isNotifying = false
    /// Deliveries so far: field observers added during one are called from the next.
    @exclusivity(unchecked) @usableFromInline var deliveryCount: UInt64 = 0
    /// Called when the store goes away: finishes async sequences of states.
    /// `@Sendable` closures, so `deinit` may call them from any thread.
    var finishers: [UInt64: @Sendable () -> Void] = [:]
    /// Owned async work, Sendable so that `deinit` can cancel it.
    var work = WorkRegistry()
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Whether the view is on screen; see ``activate()`` and ``deactivate()``.
    public internal(set) var isActive = false

    /// Creates a store with an initial state.
    ///
    /// - Parameters:
    ///   - initialState: the state before any event.
    ///   - clock: the clock for debounce, throttle and sleeps; `ContinuousClock()` by default.
    public init(_ initialState: State, clock: any Clock<Duration> = ContinuousClock()) {
        self.storedState = initialState
        self.clock = clock
        self.duplicateCheck = nil
    }

    /// Creates a store whose updates that leave the state equal notify nobody.
    ///
    /// - Parameters:
    ///   - initialState: the state before any event.
    ///   - clock: the clock for debounce, throttle and sleeps; `ContinuousClock()` by default.
    public init(_ initialState: State, clock: any Clock<Duration> = ContinuousClock())
    where State: Equatable {
        self.storedState = initialState
        self.clock = clock
        self.duplicateCheck = StorePerType.duplicateCheck(State.self)
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
    ///
    /// Inlinable, with the notification path: specialized for your `State`, an update and each
    /// observer call cost what hand-written code would.
    @inlinable
    public func update<Failure: Error>(_ mutate: (inout State) throws(Failure) -> Void) throws(Failure) {
        if WorkContext.isCancelledOwnedWork { return }
        var next = storedState
        try mutate(&next)
        if let duplicateCheck, duplicateCheck.isDuplicate(storedState, next) { return }
        observationRegistrar.withMutation(of: self, keyPath: stateKeyPath) {
            storedState = next
        }
        notifyObservers(of: next)
    }

    /// Delivers `newState` to every observer; a state produced by an observer meanwhile is
    /// delivered next, once this one has reached everybody.
    @inlinable
    func notifyObservers(of newState: State) {
        guard !isNotifying else {
            pendingNotifications.append(newState)
            return
        }
        isNotifying = true
        defer { isNotifying = false }
        deliver(newState)
        var index = 0
        while index < pendingNotifications.count {
            deliver(pendingNotifications[index])
            index += 1
        }
        if index > 0 { pendingNotifications.removeAll(keepingCapacity: true) }
    }

    @inlinable
    func deliver(_ value: State) {
        deliveryCount &+= 1
        let delivery = deliveryCount
        // Observers added meanwhile (already called with the current state) are left out.
        callObservers(with: value, delivery: delivery)
        var hasEmptyWatch = false
        let watches = fieldWatches
        if !watches.isEmpty {
            withUnsafePointer(to: value) { state in
                for watch in watches where !watch.check(state, delivery) {
                    hasEmptyWatch = true
                }
            }
        }
        if hasEmptyWatch { removeEmptyFieldWatches() }
    }

    /// Drops the watches of fields whose observers are all gone.
    @usableFromInline
    func removeEmptyFieldWatches() {
        fieldWatches.removeAll { ($0.storage as? any ObserverList)?.liveObserverCount == 0 }
    }

    func makeFinisherID() -> UInt64 {
        defer { nextFinisherID += 1 }
        return nextFinisherID
    }
}

extension StateStore: ObserverList {}
