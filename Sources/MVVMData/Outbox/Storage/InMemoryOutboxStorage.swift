public import Foundation

/// An ``OutboxStorage`` in memory, for tests and previews: gone when the process ends.
///
/// Share one instance between outboxes to stand for two processes on one folder.
public actor InMemoryOutboxStorage: OutboxStorage {
    private var index = OutboxIndex()
    private var problems: [OutboxProblem] = []
    private var appendFailure: CacheStoreError?
    private var markFailure: CacheStoreError?

    /// An empty queue.
    public init() {}

    /// Appends `record`.
    public func append(_ record: OutboxRecord) throws(CacheStoreError) {
        if let appendFailure { throw appendFailure }
        index.add(record)
    }

    /// Takes `id` out of the queue (out of this queue in memory even when a failure is simulated).
    public func markDone(_ id: UUID) throws(CacheStoreError) {
        index.markDone(id)
        if let markFailure { throw markFailure }
    }

    /// The oldest write not done.
    public func first() -> OutboxRecord? {
        index.first()
    }

    /// Every write not done, oldest first.
    public func all() -> [OutboxRecord] {
        index.all
    }

    /// Problems reported with `report(_:)` since the last call.
    public func takeProblems() -> [OutboxProblem] {
        defer { problems = [] }
        return problems
    }

    /// Makes ``append(_:)`` and ``markDone(_:)`` throw `error` from now on (`nil`: work again),
    /// as a full disk or a read-only folder would.
    public func simulateFailures(append: CacheStoreError?, markDone: CacheStoreError?) {
        appendFailure = append
        markFailure = markDone
    }

    /// Reports `problem` once, as a storage that found damage would.
    package func report(_ problem: OutboxProblem) {
        problems.append(problem)
    }
}
