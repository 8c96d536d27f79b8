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
/// It also owns the ViewModel's asynchronous work (see ``run(_:policy:onCancel:operation:)``),
/// which ends when it is cancelled (``cancelAllWork()``, which ``ViewModel/disappear()`` calls)
/// or the store is deallocated.
///
/// A store at rest is small (the `memory` workloads in `Benchmarks/` measure it): what it does not
/// use costs nothing. Observation's registrar is made on the first read of ``state``, and a custom
/// clock, owned work and async sequences share one object made on first use.
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
    /// time on every read and write (microseconds). This store makes it once, with its
    /// Observation registrar, on the first read.
    public var state: State {
        let observation = observationIfMade ?? makeObservation()
        observation.registrar.access(self, keyPath: observation.keyPath)
        return storedState
    }

    // Stored properties, in layout order: the state, then words, then flags.
    @usableFromInline var storedState: State
    /// `==` of an `Equatable` state, as a type: a metatype costs no allocation, where a closure
    /// over the conformance would cost one per store.
    @usableFromInline let duplicateCheck: (any StateEquality<State>.Type)?
    /// Observation's registrar, once ``state`` has been read.
    @usableFromInline var observationIfMade: StoreObservation<State>?
    /// Whole-state closure observers, in registration order.
    @usableFromInline var observers: ContiguousArray<Subscription<State>> = []
    /// Field observers, one watch per field, in the order the fields were first observed.
    @usableFromInline var fieldWatches: ContiguousArray<FieldWatch<State>> = []
    /// Rarely used parts, once used.
    @usableFromInline var sideIfMade: StoreSide<State>?
    /// Whether a round of deliveries is in progress.
    @usableFromInline var isNotifying = false

    /// The clock that debounce, throttle and ``sleep(for:)`` use: a test clock in tests.
    public var clock: any Clock<Duration> {
        sideIfMade?.clock ?? ContinuousClock()
    }

    /// Creates a store with an initial state.
    ///
    /// - Parameters:
    ///   - initialState: the state before any event.
    ///   - clock: the clock for debounce, throttle and sleeps; `ContinuousClock()` by default.
    public init(_ initialState: State, clock: any Clock<Duration> = ContinuousClock()) {
        self.storedState = initialState
        self.duplicateCheck = nil
        if !(clock is ContinuousClock) { sideIfMade = StoreSide(clock: clock) }
        joinTestExecutor()
    }

    /// Creates a store whose updates that leave the state equal notify nobody.
    ///
    /// - Parameters:
    ///   - initialState: the state before any event.
    ///   - clock: the clock for debounce, throttle and sleeps; `ContinuousClock()` by default.
    public init(_ initialState: State, clock: any Clock<Duration> = ContinuousClock())
    where State: Equatable {
        self.storedState = initialState
        self.duplicateCheck = EquatableState<State>.self
        if !(clock is ContinuousClock) { sideIfMade = StoreSide(clock: clock) }
        joinTestExecutor()
    }

    /// A store made while a test runs work on its executor (a screen a tester's step opens, a
    /// ViewModel a tester creates) runs its own work there too.
    private func joinTestExecutor() {
        if let executor = WorkContext.executor { side.testExecutor = executor }
    }

    deinit {
        sideIfMade?.storeDidEnd()
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
        let previous = storedState
        if let observation = observationIfMade {
            observation.registrar.withMutation(of: self, keyPath: observation.keyPath) {
                storedState = next
            }
        } else {
            // Nobody has read `state`, so nothing tracks it.
            storedState = next
        }
        notifyObservers(of: next, after: previous)
    }

    /// Delivers `newState`, which follows `previous`, to every observer; a state produced by an
    /// observer meanwhile is delivered next, once this one has reached everybody. The
    /// deliveries that follow one update make a round.
    @inlinable
    func notifyObservers(of newState: State, after previous: State) {
        guard !isNotifying else {
            side.pending.append(newState)
            return
        }
        isNotifying = true
        defer { isNotifying = false }
        deliver(newState, after: previous, round: 0)
        guard let side = sideIfMade, !side.pending.isEmpty || !side.joiners.isEmpty else { return }
        var delivered = newState
        var index = 0
        while index < side.pending.count {
            let next = side.pending[index]
            deliver(next, after: delivered, round: index + 1)
            delivered = next
            index += 1
        }
        side.pending.removeAll(keepingCapacity: true)
        side.joiners.removeAll()
    }

    /// Delivers one state of a round: whole-state observers, then the observers of each field
    /// that differs from the state delivered before it.
    @inlinable
    func deliver(_ value: State, after previous: State, round: Int) {
        callObservers(with: value, round: round, joiners: currentJoiners)
        let watches = fieldWatches
        guard !watches.isEmpty else { return }
        var hasEmptyWatch = false
        // Passed `inout` only so that both states reach each watch by reference, whatever the
        // watch's abstraction: a watch reads them and never writes.
        var old = previous
        var new = value
        // The joiners are read for each watch: an observer may subscribe to another field.
        for watch in watches where !watch.check(&old, &new, round, currentJoiners) {
            hasEmptyWatch = true
        }
        if hasEmptyWatch { removeEmptyFieldWatches() }
    }

    /// The observers that joined during this round, if any.
    @inlinable
    var currentJoiners: [ObjectIdentifier: Int]? {
        guard let side = sideIfMade, !side.joiners.isEmpty else { return nil }
        return side.joiners
    }

    /// Drops the watches of fields whose observers are all gone. They are released after the
    /// list is written, not during the write (see ``ObserverList/removeDeadObservers()``).
    @usableFromInline
    func removeEmptyFieldWatches() {
        var kept = fieldWatches
        kept.removeAll { $0.isEmpty }
        swap(&fieldWatches, &kept)
    }

    /// The side object, made now if it was not.
    @usableFromInline
    var side: StoreSide<State> {
        if let side = sideIfMade { return side }
        let made = StoreSide<State>(clock: nil)
        sideIfMade = made
        return made
    }

    /// Makes the Observation registrar on the first read of ``state``.
    @usableFromInline
    func makeObservation() -> StoreObservation<State> {
        let made = StoreObservation(keyPath: \StateStore<State>.state)
        observationIfMade = made
        return made
    }
}

extension StateStore: ObserverList {}
