/// Which page ``StateStore/loadPage(_:of:uniqueBy:key:presenter:started:ended:fetch:)`` asks
/// for.
public enum PageLoad: Hashable, Sendable {
    /// The next page (the first one, on an empty list): the user scrolled to the end. Nothing
    /// starts while a page is in flight, after a failure awaiting a retry, or at the end.
    case next
    /// The first page again, keeping the rows shown until it arrives (pull to refresh, a new
    /// query); a page in flight becomes stale.
    case refresh
    /// The page that failed again, keeping the pages loaded; nothing starts unless the last
    /// request failed.
    case retry
}

/// How a page load ended, handed to `ended` in the same update that records it.
public enum PageLoadEnd<Item, Cursor> {
    /// The page arrived and was added: as added, without the rows already shown. A page whose
    /// rows were all shown already adds none; the next `.next` asks for the one after it.
    case loaded(Page<Item, Cursor>, PageRequest<Cursor>)
    /// The request failed; the list offers a retry.
    case failed(ErrorPresentation, PageRequest<Cursor>)
    /// The request was called off (the view left, or a cancellation the presenter does not
    /// show): the list is back to idle, and the same page can be asked for again.
    case cancelled(PageRequest<Cursor>)
}

extension PageLoadEnd: Sendable where Item: Sendable, Cursor: Sendable {}
