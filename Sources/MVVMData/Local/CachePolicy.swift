/// Where a repository call reads from: the network, the saved data, or both, in which order.
///
/// Pass one to ``LocalDataSource/fetch(_:policy:from:)``. Every policy that reaches the network
/// saves what it gets, so a later offline read has it.
public enum CachePolicy: Hashable, Sendable, CaseIterable {
    /// Ask the network; if it fails, show the saved value next to the failure (the stream gives
    /// the saved value, then throws the network's error). For data that should be fresh when it
    /// can be: a user list, an account.
    case networkFirst
    /// Show the saved value at once, then the network's (the stream gives up to two values;
    /// a network failure is thrown after the saved one). For screens that should never open
    /// empty: a forecast, a feed.
    case cacheThenNetwork
    /// Only the saved value; nothing saved is a ``CacheMiss``. For offline modes and previews.
    case cacheOnly
    /// Only the network; its value is saved, but saved data is never shown.
    case networkOnly
}
