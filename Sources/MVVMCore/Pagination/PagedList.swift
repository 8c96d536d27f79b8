/// A paginated list in state: items loaded so far, the page in flight, and whether more exist.
///
/// `PagedList` is the article's `currentPage` / `pageSize` / `canLoadMore` / `isLoadingMore`
/// quartet as one value, with its bugs fixed:
///
/// - never two loads at once: ``beginNextPage()`` returns `nil` while a page is in flight;
/// - ``canLoadMore`` comes from the last page's size or from a cursor (see ``Page``);
/// - ``reset()`` (a new query) and ``beginRefresh()`` start over; a response to a request made
///   before them is stale and ignored;
/// - a failure keeps the loaded pages, and ``beginRetry()`` asks for the failed page again.
///
/// A ViewModel drives it with ``StateStore/loadPage(_:of:uniqueBy:key:presenter:started:ended:fetch:)``,
/// which begins a request in an update, fetches it as owned work, adds the page (each id once),
/// or records the failure, and hands the request back when the view disappears, so the list is
/// never left loading and the same page can be asked for again (`UserListViewModel` in
/// `Demo/Examples/UserList` is the full version, with keyset pages, search and analytics):
///
/// ```swift
/// func onEvent(_ event: Event) {
///     switch event {
///     case .lastRowAppeared: loadPage(.next)
///     case .refreshPulled: loadPage(.refresh)
///     case .retryTapped: loadPage(.retry)
///     }
/// }
///
/// private func loadPage(_ load: PageLoad) {
///     store.loadPage(load, of: \.users, uniqueBy: \.id, key: "page") { [repository] request in
///         let users = try await repository.users(page: request.cursor, size: request.pageSize)
///         return .numbered(users, page: request.cursor, pageSize: request.pageSize)
///     }
/// }
/// ```
///
/// A stale answer (to a request made before a refresh or ``reset()``) changes nothing, and the
/// answer of cancelled work is dropped by the store.
public struct PagedList<Item, Cursor> {
    /// Where a paged list stands.
    public enum Status {
        /// No request in flight; more pages may exist (see ``PagedList/canLoadMore``).
        case idle
        /// A page is in flight.
        case loading(PageRequest<Cursor>)
        /// The last request failed; ``PagedList/beginRetry()`` asks for the same page again.
        case failed(ErrorPresentation, PageRequest<Cursor>)
    }

    /// The items of the pages loaded so far, in order.
    public private(set) var items: [Item] = []
    /// How many items each request asks for.
    public let pageSize: Int
    /// Where the list stands.
    public private(set) var status: Status = .idle
    /// How many pages make up ``items``.
    public private(set) var loadedPageCount = 0
    private let firstCursor: Cursor
    /// The next page's cursor; `nil` once the last page arrived.
    private var nextCursor: Cursor?
    private var lastSerial = 0

    /// Creates an empty list.
    ///
    /// - Parameters:
    ///   - pageSize: items per request; values below 1 are treated as 1.
    ///   - firstCursor: the first page's cursor (a page number such as `0` or `1`, or an API's
    ///     initial cursor).
    public init(pageSize: Int, firstCursor: Cursor) {
        self.pageSize = max(1, pageSize)
        self.firstCursor = firstCursor
        self.nextCursor = firstCursor
    }

    /// Whether a page is in flight.
    public var isLoading: Bool {
        if case .loading = status { return true }
        return false
    }

    /// Whether the first page is in flight (show a full-screen spinner when ``items`` is empty).
    public var isLoadingFirstPage: Bool {
        if case .loading(let request) = status { return request.isFirstPage }
        return false
    }

    /// Whether a further page is in flight (show a spinner row at the bottom).
    public var isLoadingMore: Bool {
        if case .loading(let request) = status { return !request.isFirstPage }
        return false
    }

    /// The failure of the last request, if it failed.
    public var error: ErrorPresentation? {
        if case .failed(let error, _) = status { return error }
        return nil
    }

    /// Whether the last page has arrived.
    public var hasReachedEnd: Bool { nextCursor == nil }

    /// Whether scrolling to the end should load another page: nothing in flight, no failure
    /// waiting for a retry, and more pages exist.
    public var canLoadMore: Bool {
        guard case .idle = status else { return false }
        return nextCursor != nil
    }

    /// Whether the list loaded everything and it was empty (show the empty state).
    public var isEmpty: Bool { items.isEmpty && hasReachedEnd && loadedPageCount > 0 }

    /// Starts the next page, or returns `nil` when ``canLoadMore`` is false.
    public mutating func beginNextPage() -> PageRequest<Cursor>? {
        guard canLoadMore, let cursor = nextCursor else { return nil }
        return startRequest(cursor: cursor, isFirstPage: loadedPageCount == 0)
    }

    /// Starts over from the first page, keeping the current items visible until it arrives.
    ///
    /// Any request in flight becomes stale. Use it for pull to refresh.
    public mutating func beginRefresh() -> PageRequest<Cursor> {
        startRequest(cursor: firstCursor, isFirstPage: true)
    }

    /// Asks again for the page that failed, keeping the pages already loaded; `nil` if the last
    /// request did not fail.
    public mutating func beginRetry() -> PageRequest<Cursor>? {
        guard case .failed(_, let failed) = status else { return nil }
        return startRequest(cursor: failed.cursor, isFirstPage: failed.isFirstPage)
    }

    /// Empties the list for a new query; any request in flight becomes stale.
    public mutating func reset() {
        items = []
        loadedPageCount = 0
        nextCursor = firstCursor
        status = .idle
    }

    /// Adds a page that arrived for `request`.
    ///
    /// A first-page response replaces the items (refresh); a later page appends them.
    /// - Returns: `false`, changing nothing, when `request` is not the one in flight (stale).
    @discardableResult
    public mutating func complete(_ request: PageRequest<Cursor>, with page: Page<Item, Cursor>) -> Bool {
        guard isInFlight(request) else { return false }
        if request.isFirstPage {
            items = page.items
            loadedPageCount = 1
        } else {
            items.append(contentsOf: page.items)
            loadedPageCount += 1
        }
        nextCursor = page.nextCursor
        status = .idle
        return true
    }

    /// Adds a page that arrived for `request`, leaving out the items whose id is already
    /// loaded: each id shows once, even when the server's list moved between two requests (a
    /// row inserted ahead of an offset page pushes a loaded row onto the next one).
    ///
    /// - Parameters:
    ///   - request: the request the page answers.
    ///   - page: the page, as the server sent it.
    ///   - id: an item's identity, such as `\.id` (or `\.self` for a list of ids).
    /// - Returns: the page as added (the rows already shown left out); `nil`, changing nothing,
    ///   when `request` is not the one in flight (stale).
    @discardableResult
    public mutating func complete<ID: Hashable>(
        _ request: PageRequest<Cursor>, with page: Page<Item, Cursor>, uniqueBy id: KeyPath<Item, ID>
    ) -> Page<Item, Cursor>? {
        var seen = request.isFirstPage ? Set<ID>() : Set(items.lazy.map { $0[keyPath: id] })
        var unique = page
        unique.items = page.items.filter { seen.insert($0[keyPath: id]).inserted }
        return complete(request, with: unique) ? unique : nil
    }

    /// Records that `request` failed; the loaded items stay.
    /// - Returns: `false`, changing nothing, when `request` is not the one in flight (stale).
    @discardableResult
    public mutating func fail(_ request: PageRequest<Cursor>, with error: ErrorPresentation) -> Bool {
        guard isInFlight(request) else { return false }
        status = .failed(error, request)
        return true
    }

    /// Records that `request` was called off without a result: back to idle, so that the same
    /// page can be asked for again.
    /// - Returns: `false`, changing nothing, when `request` is not the one in flight (stale).
    @discardableResult
    public mutating func cancel(_ request: PageRequest<Cursor>) -> Bool {
        guard isInFlight(request) else { return false }
        status = .idle
        return true
    }

    /// Changes loaded items in place (an optimistic toggle, a removal), keeping paging as it is.
    public mutating func updateItems(_ change: (inout [Item]) -> Void) {
        change(&items)
    }

    private mutating func startRequest(cursor: Cursor, isFirstPage: Bool) -> PageRequest<Cursor> {
        lastSerial += 1
        let request = PageRequest(cursor: cursor, pageSize: pageSize, isFirstPage: isFirstPage, serial: lastSerial)
        status = .loading(request)
        return request
    }

    /// Only the request made last is current: every begin and reset makes earlier ones stale.
    private func isInFlight(_ request: PageRequest<Cursor>) -> Bool {
        guard case .loading(let current) = status else { return false }
        return current.serial == request.serial
    }
}

extension PagedList: Equatable where Item: Equatable, Cursor: Equatable {}
extension PagedList.Status: Equatable where Cursor: Equatable {}
extension PagedList: Sendable where Item: Sendable, Cursor: Sendable {}
extension PagedList.Status: Sendable where Cursor: Sendable {}
