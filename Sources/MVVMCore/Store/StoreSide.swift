/// The parts of a ``StateStore`` that most stores never use, made on first use so that a store
/// at rest stays small: a custom clock, owned work, the finishers of `states` sequences, and
/// the bookkeeping of updates made while observers are being notified.
///
/// `@unchecked Sendable`, so that the store's `deinit` (which may run on any thread) can cancel
/// the work and finish the sequences. That is safe: the store creates its side object on the
/// main actor and never hands it out, so every access comes from the store's main-actor
/// methods or from its `deinit`; `deinit` runs only once no reference to the store is left,
/// when none of those methods can be running. No two accesses can overlap.
@usableFromInline
final class StoreSide<State>: @unchecked Sendable {
    /// The store's clock, when it is not `ContinuousClock`.
    var clock: (any Clock<Duration>)?
    /// Owned async work.
    var work = WorkRegistry<State>()
    /// The executor a tester runs this store's work on (`StateStore.runWork(on:)`).
    var testExecutor: (any TaskExecutor)?
    /// Called when the store goes away: they finish async sequences of states.
    var finishers: [UInt64: @Sendable () -> Void] = [:]
    /// Keys for ``finishers``.
    var nextFinisherID: UInt64 = 0
    /// Where ``StateStore/trace(_:)`` hands events: a change log, while one is attached.
    var eventTracer: (@MainActor (Any) -> Void)?
    /// States produced by observers during a round of deliveries, delivered after the one in
    /// progress, in order. In a round, delivery 0 is the state that started it and delivery
    /// `i + 1` is `pending[i]`.
    @usableFromInline var pending: [State] = []
    /// Observers added during the current round of deliveries, with the last delivery of the
    /// round they have already seen (they were given the newest state when they subscribed).
    /// Emptied when the round ends.
    @usableFromInline var joiners: [ObjectIdentifier: Int] = [:]

    init(clock: (any Clock<Duration>)?) {
        self.clock = clock
    }

    /// Makes a key for ``finishers``.
    func makeFinisherID() -> UInt64 {
        defer { nextFinisherID += 1 }
        return nextFinisherID
    }

    /// The store is going away: cancels its work and finishes its sequences.
    func storeDidEnd() {
        for task in work.allTasks { task.cancel() }
        for finish in finishers.values { finish() }
    }
}
