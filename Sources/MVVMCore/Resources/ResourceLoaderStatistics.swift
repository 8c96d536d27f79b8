/// What a ``ResourceLoader`` has done since it was made: for tests, benchmarks and a debug
/// overlay.
public struct ResourceLoaderStatistics: Hashable, Sendable {
    /// Fetches started (a request shared by several callers counts once).
    public var fetchesStarted = 0
    /// Fetches cancelled because no caller wanted them any more (while waiting for a slot, or
    /// running).
    public var fetchesCancelled = 0
    /// Requests that waited for a slot and were given up before they started: never fetched.
    public var requestsDroppedBeforeStarting = 0
    /// Loads answered from the memory cache, with no fetch.
    public var memoryHits = 0
    /// Loads that joined a fetch another caller had started.
    public var sharedFetches = 0
    /// The most fetches that ran at once.
    public var peakConcurrentFetches = 0
    /// What the memory cache holds now, in the cost unit of the loader (bytes).
    public var memoryCost = 0
    /// The most the memory cache has held.
    public var peakMemoryCost = 0

    /// No activity yet.
    package init() {}
}
