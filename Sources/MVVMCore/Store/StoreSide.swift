/// The parts of a ``StateStore`` most stores never use, made on first use.
///
/// `@unchecked Sendable`, so that the store's `deinit` (on any thread) can cancel the work and
/// finish the sequences. Safe: the store makes it on the main actor and never hands it out, so
/// every access comes from the store's main-actor methods or its `deinit`, which runs once no
/// reference to the store is left, when none of those methods can be running.
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
    /// Observations kept for as long as the store lives (`ObservationToken.store(in:)`).
    var heldTokens: [ObservationToken] = []
    /// What the window of each `RowResources` field held when last loaded, by field: its rows
    /// follow (`StateStore.loadResources`).
    var resourceWindows: [AnyKeyPath: ResourceWindow] = [:]
    /// Set by the view's disappearing, cleared by its appearing: the windows load nothing meanwhile.
    var resourcesPaused = false
    /// Where delivered events are traced: a change log, while one is attached.
    var eventTracer: (@MainActor (Any) -> Void)?
    /// States stored by observers while one was being delivered, to deliver next, in order.
    @usableFromInline var pending: [State] = []

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
