public import MVVMCore

/// Where a ``LiveQuery``'s refresh, or its next page, stands.
public enum PagingPhase: Equatable, Sendable {
    /// Not asked for yet (or called off).
    case idle
    /// On its way.
    case loading
    /// A refresh the screen asked for (``LiveQuery/load(_:)`` with `PageLoad/refresh`: a pull to
    /// refresh) on its way while the rows it refreshes stay shown: what a `UIRefreshControl`, or
    /// the terminal's "Refreshing…", shows until it ends. A refresh the query's change started
    /// (a search, a filter) is ``loading``. Never a next page's phase.
    case refreshing
    /// Loaded; more may follow.
    case loaded
    /// Loaded, and nothing follows: the last page is shown.
    case reachedEnd
    /// Failed: what the user reads, and a retry (``LiveQuery/load(_:)`` with `PageLoad/retry`).
    case failed(ErrorPresentation)

    /// Whether it is on its way.
    public var isLoading: Bool { self == .loading || self == .refreshing }

    /// The failure, when it failed.
    public var failure: ErrorPresentation? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}
