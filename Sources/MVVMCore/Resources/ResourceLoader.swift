import MVVMLocking

/// Loads resources (avatars, thumbnails, any value fetched by a key) for many callers at once:
/// each source is fetched once however many callers ask for it, at most
/// ``maximumConcurrentFetches`` fetches run at once, a fetch no caller wants any more is
/// cancelled (or never started), and what was loaded is kept in a memory cache bounded by cost.
///
/// The fetch is yours: the network, a disk cache in front of it (`LocalDataSource` in
/// MVVMData), then decoding. One loader serves every screen, so the list and a detail share
/// the cache and the fetches in flight:
///
/// ```swift
/// let avatars = ResourceLoader<String, Avatar>(memoryLimit: 8 << 20, cost: \.byteCount) { path in
///     try await repository.avatar(at: path)   // disk cache, then the server, then decode
/// }
/// ```
///
/// Rows ask for their resources through ``StateStore/loadResources(_:for:id:source:from:)``,
/// which keeps each row's ``RowResource`` in the ViewModel's state. Calling ``load(_:)`` from any
/// task works too: cancelling the task gives up its interest (`CancellationError`).
///
/// Safe from any thread: its state is behind a `Lock` (a pthread mutex, which ThreadSanitizer sees).
public final class ResourceLoader<Source: Hashable & Sendable, Resource: Sendable>: Sendable {
    /// The most fetches that run at once; later ones wait, those of the rows a view shows now first
    /// (`StateStore.loadResources` ranks them), then first asked first started.
    public let maximumConcurrentFetches: Int
    /// The most the memory cache holds, in the unit `cost` counts (bytes).
    public let memoryLimit: Int
    private let fetch: @Sendable (Source) async throws -> Resource
    private let cost: @Sendable (Resource) -> Int
    private let state: Lock<ResourceLoaderState<Source, Resource>>

    /// A loader that fetches with `fetch`.
    ///
    /// - Parameters:
    ///   - maximumConcurrentFetches: how many fetches may run at once (at least 1); 6 by default,
    ///     as browsers open per host.
    ///   - memoryLimit: the most the memory cache holds, as `cost` counts; 16 MiB by default. A
    ///     resource costing more than this is never kept.
    ///   - cost: what a resource costs to keep, e.g. its decoded size in bytes.
    ///   - fetch: fetches one resource; it runs off the main actor, and is cancelled when no
    ///     caller wants its result any more.
    public init(
        maximumConcurrentFetches: Int = 6,
        memoryLimit: Int = 16 << 20,
        cost: @escaping @Sendable (Resource) -> Int,
        fetch: @escaping @Sendable (Source) async throws -> Resource
    ) {
        self.maximumConcurrentFetches = max(1, maximumConcurrentFetches)
        self.memoryLimit = max(0, memoryLimit)
        self.cost = cost
        self.fetch = fetch
        self.state = Lock(ResourceLoaderState(memoryLimit: max(0, memoryLimit)))
    }

    /// The resource for `source` if the memory cache holds it (it becomes the most recently
    /// used), without fetching.
    package func cached(_ source: Source) -> Resource? {
        state.withLock { state in
            let hit = state.memory.value(for: source)
            if hit != nil { state.statistics.memoryHits += 1 }
            return hit
        }
    }

    /// The resource for `source`: from the memory cache, from a fetch already running for it, or
    /// from a new fetch once a slot is free.
    ///
    /// - Throws: the fetch's error, or `CancellationError` when the calling task is cancelled
    ///   (the fetch goes on only while another caller wants it).
    public func load(_ source: Source) async throws -> Resource {
        if let hit = cached(source) { return hit }
        let waiter = state.withLock { $0.makeWaiter() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let answer = state.withLock { $0.register(waiter, for: source, continuation) }
                switch answer {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .cached(let resource): continuation.resume(returning: resource)
                case .waiting: startFetches()
                }
            }
        } onCancel: {
            let (removed, cancelledTask) = state.withLock { $0.giveUp(waiter, for: source) }
            cancelledTask?.cancel()
            removed?.resume(throwing: CancellationError())
        }
    }

    /// Makes the requests for `sources` that wait for a slot start before all others, in this
    /// order, until the next call: the rows a view shows now, then those around them. Without
    /// it, waiting requests start in the order asked, and a list scrolled faster than the network
    /// answers would spend every slot on rows it has already passed.
    package func prioritize(_ sources: [Source]) {
        state.withLock { $0.prioritize(sources) }
    }

    /// What the loader has done so far.
    public var statistics: ResourceLoaderStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.memoryCost = state.memory.totalCost
            return statistics
        }
    }

    /// Empties the memory cache (on a memory warning, say). Fetches in flight go on.
    public func removeAllFromMemory() {
        state.withLock { $0.memory.removeAll() }
    }

    // MARK: - Fetches

    /// Starts waiting fetches while slots are free.
    private func startFetches() {
        let starts = state.withLock { $0.takeStartable(maximum: maximumConcurrentFetches) }
        for (source, id) in starts {
            let task = WorkContext.task(nonisolated: { [self] in
                let result: Result<Resource, any Error>
                do { result = .success(try await fetch(source)) } catch { result = .failure(error) }
                finish(source, id: id, with: result)
            })
            let started = state.withLock { $0.attach(task, to: source, id: id) }
            if !started { task.cancel() }
        }
    }

    private func finish(_ source: Source, id: UInt64, with result: Result<Resource, any Error>) {
        let cost = (try? result.get()).map(self.cost)
        let waiters = state.withLock { $0.finish(source, id: id, with: result, cost: cost) }
        for waiter in waiters { waiter.resume(with: result) }
        startFetches()
    }
}
