public import MVVMCore

/// Where a ``LiveQuery``'s refresh, or its next page, stands.
public enum PagingPhase: Equatable, Sendable {
    /// Not asked for yet (or called off).
    case idle
    /// On its way.
    case loading
    /// Loaded; more may follow.
    case loaded
    /// Loaded, and nothing follows: the last page is shown.
    case reachedEnd
    /// Failed: what the user reads, and a retry (``LiveQuery/load(_:)`` with `PageLoad/retry`).
    case failed(ErrorPresentation)

    /// Whether it is on its way.
    public var isLoading: Bool { self == .loading }

    /// The failure, when it failed.
    public var failure: ErrorPresentation? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}
