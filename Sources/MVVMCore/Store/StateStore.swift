public import Observation

/// The state holder of a ViewModel: one value, changed only through ``update(_:)``.
///
/// A `StateStore` is the article's `UiState` + `updateState` made reusable. It holds a screen's
/// state as a value (a struct or an enum) and lets every kind of view observe it:
///
/// - **Observation**: `state` is an `@Observable` property, so SwiftUI, UIKit's observation
///   tracking, `withObservationTracking` and ``observe(_:)`` track it;
/// - **closures**: ``ViewModel/subscribe(sendCurrent:_:)`` is the no-binding-framework
///   `stateDidUpdate`;
/// - **async sequences**: ``ViewModel/states`` yields the current value, then each change;
/// - **publishers**: MVVMCombine builds them on the same observers.
///
/// Views observe the ViewModel; the store is private to it.
///
/// It also owns the ViewModel's asynchronous work (see ``run(_:policy:onCancel:operation:)``),
/// which ends when it is cancelled (``cancelAllWork()``, which ``ViewModel/disappear()`` calls)
/// or the store is deallocated.
///
/// ```swift
/// let store = StateStore(State())
/// store.update { state in
///     state.isLoading = false
///     state.title = "Tokyo"      // two fields, one notification
/// }
/// ```
///
/// Its whole public surface, each member in the file of the concept it serves:
///
/// | job | member | file |
/// |---|---|---|
/// | make one, read and change the state | ``init(_:clock:)``, ``state``, ``update(_:)``, ``readOnly`` | here, `ReadOnlyStore.swift` |
/// | own async work | ``run(_:policy:onCancel:operation:)``, ``update(cancelling:_:)``, ``cancelWork(_:)``, ``cancelAllWork()``, ``isRunning(_:)``, ``isIdle`` | `Work/StateStore+Work.swift` |
/// | wait on its clock | ``clock`` (`store.clock.sleep(for:)`) | `Work/StateStore+Work.swift` |
/// | a value's loading phases | ``load(_:key:policy:presenter:operation:)``, ``load(_:key:policy:presenter:values:)`` | `Loadable/` |
/// | per-row pictures | ``loadResources(_:for:id:source:from:)`` | `Resources/StateStore+Resources.swift` |
/// | a live list, a live record, a shared value (MVVMData) | `liveQuery(…)`, `liveRecord(…)`, `share(_:with:onChange:)` | MVVMData's `LiveQuery/`, `LiveRecord/`, `Shared/` |
///
/// Observing is the ViewModel's (``ViewModel/subscribe(sendCurrent:_:)``, ``ViewModel/states``),
/// and so is sending events (``ViewModel/send(_:)``). (`StateStore.md` in the DocC catalog says
/// the same, with links.)
@MainActor
public final class StateStore<State>: Observable {
    /// The current state. Read it anywhere on the main actor; change it with ``update(_:)``.
    ///
    /// Observable by hand rather than by the `@Observable` macro, whose `\.state` literal a
    /// generic class instantiates on every access (microseconds): this store makes it once.
    public var state: State {
        let observation = observation ?? makeObservation()
        observation.registrar.access(self, keyPath: observation.keyPath)
        return storedState
    }

    // The update path below is `@inlinable`, with what it touches `@usableFromInline`: a
    // ViewModel's module specializes it for its `State`, where it was generic code that looked
    // up the metadata of its observers' types on each update.

    /// The state, read without telling Observation.
    @usableFromInline var storedState: State

    /// `==` when `State` is `Equatable`.
    @usableFromInline let duplicateCheck: (any StateEquality<State>.Type)?
    /// Observation's registrar, once ``state`` has been read.
    @usableFromInline var observation: StoreObservation<State>?
    /// Closure observers, in the order they subscribed.
    @usableFromInline var observers: [WeakObserver<State>] = []
    /// The number of the newest state: each stored state gets the next one.
    @usableFromInline var version = 0
    /// Whether observers are being notified.
    @usableFromInline var isNotifying = false
    /// While a batch of a mailbox's events is handled: the version it started at. Updates store
    /// their state and notify nobody until ``releaseHeldNotifications()``.
    @usableFromInline var heldSince: Int?
    /// Rarely used parts, once used.
    @usableFromInline var sideIfMade: StoreSide<State>?

    /// Creates a store. One made while a test runs work on its executor (a screen a tester's
    /// step opens) runs its own work there too.
    ///
    /// - Parameters:
    ///   - initialState: the state before any event.
    ///   - clock: the clock for debounce, throttle and sleeps: ``Dependencies``' by default
    ///     (`ContinuousClock()` in an app, the test clock inside `TestClock.perform(_:)`).
    public init(_ initialState: State, clock: any Clock<Duration> = Dependencies.current.clock) {
        storedState = initialState
        duplicateCheck = stateEquality(of: State.self)
        if !(clock is ContinuousClock) { side.clock = clock }
        if let executor = WorkContext.executor { side.testExecutor = executor }
    }

    deinit { sideIfMade?.storeDidEnd() }

    /// The clock given at init when it is not `ContinuousClock` (a test's clock), else `nil`.
    package var givenClock: (any Clock<Duration>)? { sideIfMade?.clock }

    /// Changes the state through one mutation, and notifies every observer once.
    ///
    /// However many fields `mutate` touches, Observation sees one change and each closure
    /// observer is called once; when `State` is `Equatable` and nothing changed, nobody is. An
    /// update from owned work that was cancelled (replaced, or its view gone) is dropped. An
    /// update an observer makes is applied at once and delivered after the current one, so
    /// every observer sees every state, in the same order.
    @inlinable
    public func update<Failure: Error>(_ mutate: (inout State) throws(Failure) -> Void) throws(Failure) {
        if WorkContext.isCancelledOwnedWork(of: self) { return }
        try commit(mutate)
    }

    /// ``update(_:)`` without the check for cancelled work: the store's own writes (a cancelled
    /// load's rollback) go through even when cancelled work triggered them.
    @inlinable
    func commit<Failure: Error>(_ mutate: (inout State) throws(Failure) -> Void) throws(Failure) {
        var next = storedState
        try mutate(&next)
        if let duplicateCheck, duplicateCheck.isDuplicate(storedState, next) { return }
        if let observation {
            observation.registrar.withMutation(of: self, keyPath: observation.keyPath) { storedState = next }
        } else {
            storedState = next   // nobody has read `state`, so nothing tracks it
        }
        version += 1
        if heldSince != nil { return }   // a mailbox's batch: observers hear once, at its end
        // A state stored by an observer is delivered once the current one has reached everybody.
        if isNotifying { side.pending.append(next) } else { notify(next) }
    }

    /// Calls each observer that subscribed before `state`, in order; then does the same with
    /// each state the observers stored meanwhile.
    @inlinable
    func notify(_ state: State) {
        isNotifying = true
        defer { isNotifying = false }
        var (state, number, hasReleased) = (state, version, false)
        while true {
            // The list as it is now: handlers may subscribe meanwhile (observers newer than this
            // state) and cancel or release tokens (their slots say so at once).
            for slot in observers where number > slot.since {
                if let isNews = slot.isNews, !isNews(state) { continue }
                guard let observer = slot.observer, let deliver = observer.deliver else { hasReleased = true; continue }
                deliver(state)
            }
            guard let side = sideIfMade, !side.pending.isEmpty else { break }
            (state, number) = (side.pending.removeFirst(), number + 1)
        }
        if hasReleased { removeReleasedObservers() }
    }

    /// Drops the slots of released and cancelled tokens.
    @usableFromInline
    func removeReleasedObservers() {
        observers.removeAll { $0.observer?.deliver == nil }
    }

    /// The side object, made on first use.
    @usableFromInline
    var side: StoreSide<State> {
        if let side = sideIfMade { return side }
        let made = StoreSide<State>()
        sideIfMade = made
        return made
    }

    /// Makes the Observation registrar on the first read of ``state``.
    private func makeObservation() -> StoreObservation<State> {
        let made = StoreObservation(keyPath: \StateStore<State>.state)
        observation = made
        return made
    }
}
