/// Which page ``LiveQuery/load(_:)`` asks for.
public enum PageLoad: Hashable, Sendable {
    /// The next page (the first one, on an empty list): the user scrolled to the end. Nothing
    /// starts while a page is in flight, after a failure awaiting a retry, or at the end.
    case next
    /// The first page again, keeping the rows shown until it arrives (a pull to refresh); a
    /// page in flight is called off.
    case refresh
    /// The page that failed again, keeping the pages loaded; nothing starts unless the last
    /// request failed.
    case retry
}
