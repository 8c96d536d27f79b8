/// What owned work carries with it, as task-local values: the store that owns it, its key, and
/// the executor a test runs it on.
///
/// `owner`: ``StateStore/update(_:)`` drops a store's writes made by its own cancelled work.
/// Only the owner's: cancelled work of one screen that changes shared data (a record store
/// every screen reads) still lets the other screens follow that change.
@usableFromInline
package enum WorkContext {
    @TaskLocal static var owner: ObjectIdentifier?

    /// The key of the owned work this task runs, if any: a tester names it as the origin of the
    /// state changes the work makes.
    @TaskLocal package static var key: WorkKey?

    /// The executor on which work started now runs its nonisolated and actor-isolated parts, in
    /// place of the global concurrent executor: MVVMTesting's, so that a test knows when the
    /// work has finished or waits (see `TestWorkExecutor`). `nil` outside tests.
    @TaskLocal package static var executor: (any TaskExecutor)?

    /// True inside owned work of `store` (or a child task of it) that has been cancelled.
    @usableFromInline
    static func isCancelledOwnedWork(of store: AnyObject) -> Bool {
        owner == ObjectIdentifier(store) && Task.isCancelled
    }

    /// Starts `operation` as a new task on the main actor, on ``executor`` when a test set one:
    /// the library's own background tasks (a record store's saves and deliveries) start here, so
    /// that a test sees them as it sees owned work.
    @discardableResult
    package static func task<Success: Sendable>(
        _ operation: @escaping @MainActor @Sendable () async -> Success
    ) -> Task<Success, Never> {
        task(on: executor, operation)
    }

    /// Starts `operation` as ``task(on:owner:key:_:)`` does, bound to no store's owned work: the
    /// caller's is not inherited. For the work of an object screens share (a record store's
    /// restore), which any screen's work may be first to ask for: what it tells the screens is
    /// never dropped because that work was called off meanwhile, nor is what they start then.
    package static func sharedTask<Success: Sendable>(
        on executor: (any TaskExecutor)?,
        _ operation: @escaping @MainActor @Sendable () async -> Success
    ) -> Task<Success, Never> {
        $owner.withValue(nil) { $key.withValue(nil) { task(on: executor, operation) } }
    }

    /// Starts `operation` as a new task on the main actor, preferring `executor` for its
    /// nonisolated parts, with ``owner`` and ``key`` bound to `owner` and `key` when given (a
    /// store's owned work). With no executor it is a plain `Task { @MainActor in … }`.
    ///
    /// The task-locals are bound around the task's creation (a task inherits them), never by an
    /// async `withValue` inside `operation`: one called from main-actor code leaves and re-enters
    /// the main actor in a way no test executor sees, and a test could decide the work was over
    /// while the hop was still on its way (`SettleTests`).
    package static func task<Success: Sendable>(
        on executor: (any TaskExecutor)?,
        owner: ObjectIdentifier? = nil,
        key: WorkKey? = nil,
        _ operation: @escaping @MainActor @Sendable () async -> Success
    ) -> Task<Success, Never> {
        func make() -> Task<Success, Never> {
            guard let executor else { return Task { @MainActor in await operation() } }
            // A nonisolated closure that hops to the main actor for `operation`. (A `@MainActor`
            // closure passed to `Task(executorPreference:)` does not compile with Swift 6.3:
            // "pattern that the region-based isolation checker does not understand".)
            return start(on: executor) { await operation() }
        }
        guard let owner, let key else { return make() }
        return $owner.withValue(owner) { $key.withValue(key) { make() } }
    }

    /// Starts `operation` as a new task preferring `executor`: it starts there (a job the test's
    /// executor counts), and the executor goes with the work as ``executor``, so that work it
    /// starts (a child screen's) runs there too.
    private static func start<Success: Sendable>(
        on executor: any TaskExecutor,
        _ operation: @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        Task(executorPreference: executor) {
            await $executor.withValue(executor) {
                await operation()
            }
        }
    }
}

extension WorkContext {
    /// Starts `operation` as a new nonisolated task, on ``executor`` when a test set one.
    @discardableResult
    package static func task<Success: Sendable>(
        nonisolated operation: @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        guard let executor else { return Task(operation: operation) }
        return start(on: executor, operation)
    }

    /// The values `produce` yields, as a stream: `produce` runs as a task of
    /// ``task(nonisolated:)`` (a test's executor sees it), its error ends the stream, and ending
    /// the iteration cancels it. The one shape of the library's streams of fetched values.
    package static func stream<Element: Sendable>(
        _ produce: @escaping @Sendable (_ yield: (Element) -> Void) async throws -> Void
    ) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream { continuation in
            let work = task(nonisolated: {
                do {
                    try await produce { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            })
            continuation.onTermination = { _ in work.cancel() }
        }
    }
}

/// A clock that also says where the work sleeping on it should run: MVVMTesting's `TestClock`,
/// whose executor lets a test run a store's work to its next suspension without waiting on the
/// wall clock. A store on such a clock runs its owned work there.
package protocol WorkScheduling: AnyObject, Sendable {
    /// The executor for work whose store uses this clock.
    var workExecutor: any TaskExecutor { get }
}
