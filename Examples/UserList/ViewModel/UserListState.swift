public import MVVMCore

/// Everything the user list screen shows.
public struct UserListState: Equatable, Sendable {
    /// The query the loaded pages answer: what the server was asked.
    public struct Query: Hashable, Sendable {
        /// The search text.
        public var text = ""
        /// The status filter.
        public var filter: UserFilter = .all
    }

    /// What is typed in the search field (the server is asked 300 ms after the last keystroke).
    public var searchText = ""
    /// The selected status filter.
    public var filter: UserFilter = .all
    /// The query the loaded pages answer: set when a first page arrives, so a page in flight
    /// for a newer query, called off or failed, leaves it as the rows are.
    public var loadedQuery = Query()
    /// The pages loaded from the server, 20 users each, as their page listed them: which users
    /// the list shows, in order. Each row shows as ``UserRecords`` has it (``visibleUsers``).
    public var users = PagedList<User, UserCursor>(pageSize: UserListViewModel.pageSize, firstCursor: .first)
    /// The rows on screen: the loaded users as every screen shows them (pending writes applied,
    /// deleted ones gone) that match the search text and the filter. While the server is asked
    /// about a new search, the loaded rows are filtered locally at once.
    public var visibleUsers: [User] = []
    /// How many users are active as the server last counted them; `nil` until known.
    public var countedActive: Int?
    /// How many users are active, for the title: the server's count, moved by the writes it has
    /// not answered yet; `nil` until known.
    public var activeCount: Int?
    /// A pull to refresh is in flight while the rows stay shown: what a `UIRefreshControl`
    /// shows until it ends refreshing (the terminal shows "Refreshing…"). A refresh on an empty
    /// list is ``isLoadingFirstPage`` instead.
    public var isRefreshing = false
    /// Set while the rows shown come from the device's saved pages because the server could not
    /// answer: when they were saved and why ("offline · saved 10:42"). A page from the server
    /// clears it.
    public var savedDataNotice: SavedDataNotice?
    /// What the screen presents over the list: a delete confirmation, or a failed write's
    /// alert. Each button sends its event to ``UserListViewModel/onEvent(_:)``.
    public var navigation = Navigation<Never, Alert<UserListEvent>>()
    /// The users' pictures, for the rows on screen and 10 rows either side, by user id (never by
    /// row): what each row draws (``UserListEvent/visibleRowsChanged(_:)`` says which rows show).
    public var avatars = RowResources<Int, Avatar>(prefetchMargin: 10)
    /// Users with a toggle or delete the server has not answered yet (shown as done, marked
    /// pending).
    public var pendingUserIDs: Set<Int> = []

    /// Creates the initial state.
    public init() {}

    /// Whether the first page is loading with nothing to show yet (a full-screen spinner).
    public var isLoadingFirstPage: Bool { users.isLoadingFirstPage && users.items.isEmpty }

    /// Whether a further page is loading (a spinner row at the bottom).
    public var isLoadingMore: Bool { users.isLoadingMore }

    /// The failure of the last page load, offering a retry.
    public var loadFailure: ErrorPresentation? { users.error }

    /// Whether to show the empty state: loaded, and nothing to show.
    public var showsEmptyState: Bool {
        visibleUsers.isEmpty && !users.isLoading && users.error == nil && users.loadedPageCount > 0
    }

    /// The list's title: `ユーザー (6543)` once the active count is known.
    public var title: String {
        activeCount.map { "ユーザー (\($0))" } ?? "ユーザー"
    }
}
