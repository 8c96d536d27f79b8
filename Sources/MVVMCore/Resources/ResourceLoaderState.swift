/// The bookkeeping of a ``ResourceLoader``, always used under its lock: the memory cache, the
/// requests by source (each with its waiting callers and, once started, its task), and the queue
/// of requests waiting for a slot.
struct ResourceLoaderState<Source: Hashable & Sendable, Resource: Sendable> {
    typealias Continuation = CheckedContinuation<Resource, any Error>

    struct Request {
        let id: UInt64
        var waiters: [UInt64: Continuation] = [:]
        /// Whether it holds a slot; its task is attached just after it starts.
        var isStarted = false
        var task: Task<Void, Never>?
    }

    /// What ``register(_:for:_:)`` found.
    enum Registration {
        case cancelled
        case cached(Resource)
        case waiting
    }

    var memory: MemoryCache<Source, Resource>
    var statistics = ResourceLoaderStatistics()
    private var requests: [Source: Request] = [:]
    /// Requests waiting for a slot, in the order asked: each leaves it when it starts
    /// (``takeStartable(maximum:)``) or is given up (``giveUp(_:for:)``), so every entry is a
    /// request that waits.
    private var queue: [(source: Source, id: UInt64)] = []
    /// The order the last ``prioritize(_:)`` asked for: these start first, in this order.
    private var ranks: [Source: Int] = [:]
    private var running = 0
    private var nextID: UInt64 = 0
    /// Callers that asked but have not registered yet, and those of them cancelled meanwhile.
    private var unregistered: Set<UInt64> = []
    private var cancelledBeforeRegistering: Set<UInt64> = []

    init(memoryLimit: Int) {
        memory = MemoryCache(limit: memoryLimit)
    }

    mutating func makeWaiter() -> UInt64 {
        nextID += 1
        unregistered.insert(nextID)
        return nextID
    }

    /// Adds a caller to the request for `source`, making the request (queued) if there is none.
    mutating func register(_ waiter: UInt64, for source: Source, _ continuation: Continuation) -> Registration {
        unregistered.remove(waiter)
        if cancelledBeforeRegistering.remove(waiter) != nil { return .cancelled }
        if let resource = memory.value(for: source) {
            statistics.memoryHits += 1
            return .cached(resource)
        }
        if requests[source] != nil {
            requests[source]!.waiters[waiter] = continuation
            statistics.sharedFetches += 1
        } else {
            nextID += 1
            var request = Request(id: nextID)
            request.waiters[waiter] = continuation
            requests[source] = request
            queue.append((source, nextID))
        }
        return .waiting
    }

    /// A caller was cancelled: removes it; a request no caller wants is dropped (its task, if
    /// started, is returned to be cancelled).
    mutating func giveUp(_ waiter: UInt64, for source: Source) -> (Continuation?, Task<Void, Never>?) {
        if unregistered.remove(waiter) != nil {
            cancelledBeforeRegistering.insert(waiter)
            return (nil, nil)
        }
        guard let continuation = requests[source]?.waiters.removeValue(forKey: waiter) else { return (nil, nil) }
        guard requests[source]!.waiters.isEmpty else { return (continuation, nil) }
        let request = requests.removeValue(forKey: source)!
        if request.isStarted {
            statistics.fetchesCancelled += 1
        } else {
            statistics.requestsDroppedBeforeStarting += 1
            queue.removeAll { $0.id == request.id }
        }
        return (continuation, request.task)
    }

    /// From now on, waiting requests for `sources` start before all others, in this order.
    mutating func prioritize(_ sources: [Source]) {
        ranks = [:]
        for (rank, source) in sources.enumerated() where ranks[source] == nil { ranks[source] = rank }
    }

    /// The queued requests that may start now (each then holds a slot): those ``prioritize(_:)``
    /// ranked, best first, then the others, first asked first.
    mutating func takeStartable(maximum: Int) -> [(Source, UInt64)] {
        var starts: [(Source, UInt64)] = []
        while running < maximum, !queue.isEmpty {
            var best = 0
            for index in queue.indices.dropFirst() where Self.precedes(ranks[queue[index].source], ranks[queue[best].source]) {
                best = index
            }
            let (source, id) = queue.remove(at: best)
            requests[source]!.isStarted = true
            running += 1
            statistics.fetchesStarted += 1
            statistics.peakConcurrentFetches = max(statistics.peakConcurrentFetches, running)
            starts.append((source, id))
        }
        return starts
    }

    /// Whether a request ranked `rank` starts before one ranked `other` (unranked ones last, in
    /// the order asked).
    private static func precedes(_ rank: Int?, _ other: Int?) -> Bool {
        guard let rank else { return false }
        guard let other else { return true }
        return rank < other
    }

    /// Keeps a started request's task; `false` when the request was given up meanwhile (the
    /// task is to be cancelled).
    mutating func attach(_ task: Task<Void, Never>, to source: Source, id: UInt64) -> Bool {
        guard requests[source]?.id == id else { return false }
        requests[source]!.task = task
        return true
    }

    /// A fetch ended: frees its slot, keeps a success in memory, and returns the callers to
    /// resume.
    mutating func finish(_ source: Source, id: UInt64, with result: Result<Resource, any Error>, cost: Int?) -> [Continuation] {
        running -= 1
        if case .success(let resource) = result, let cost {
            memory.insert(resource, for: source, cost: cost)
            statistics.peakMemoryCost = max(statistics.peakMemoryCost, memory.totalCost)
        }
        guard requests[source]?.id == id else { return [] }
        return Array(requests.removeValue(forKey: source)!.waiters.values)
    }
}

extension ResourceLoaderState: Sendable {}
