public import MVVMCore

/// How a request of a ``LiveQuery`` ended, for the screen's own changes in the same update (an
/// alert, analytics).
public enum LivePageEnd: Equatable, Sendable {
    /// The page arrived: `PageLoad/refresh` for a first page, `PageLoad/next` for a next one.
    case loaded(PageLoad)
    /// The request failed; the rows stay (a first page that fails for a query the server's
    /// pages do not answer shows the device's answer).
    case failed(ErrorPresentation, PageLoad)
    /// The request was called off before it ended (the screen disappeared): nothing is left
    /// loading, and coming back asks again (``LiveQuery/loadIfNeeded()``).
    case calledOff(PageLoad)
}
