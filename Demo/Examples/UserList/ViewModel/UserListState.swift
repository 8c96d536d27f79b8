public import MVVMCore
public import MVVMData

/// Everything the user list screen shows.
public struct UserListState: Equatable, Sendable, NavigationState {
    /// What the list shows: the search text and the status filter, as the server is asked.
    public struct Query: Hashable, Sendable {
        /// The search text.
        public var text = ""
        /// The status filter.
        public var filter: UserFilter = .all

        /// A query for `text` among the users `filter` lets through.
        public init(text: String = "", filter: UserFilter = .all) {
            self.text = text
            self.filter = filter
        }
    }

    /// What is typed in the search field (the server is asked 300 ms after the last keystroke;
    /// the rows loaded are filtered at once).
    public var searchText = ""
    /// The selected status filter.
    public var filter: UserFilter = .all
    /// The search text and the filter, as the list asks for them.
    public var query: Query { Query(text: searchText, filter: filter) }
    /// The list, as ``UserRecords`` has it: the rows with their pending marks, the active count
    /// moved by the writes the server has not answered, where the rows came from, and how the
    /// refresh and the next page stand (a ``LiveQuery``'s result).
    public var users = LiveRows<User>()
    /// What the screen presents over the list: a delete confirmation, a failed page's or a
    /// failed write's alert. Each button sends its event to ``UserListViewModel/onEvent(_:)``.
    public var navigation = Navigation<Never, Alert<UserListEvent>>()
    /// The users' pictures, for the rows on screen and 10 rows either side, by user id (never by
    /// row): what each row draws (``UserListEvent/visibleRowsChanged(_:)`` says which rows show).
    public var avatars = RowResources<Int, Avatar>(prefetchMargin: 10)

    /// Creates the initial state.
    public init() {}

    /// The users the list shows, in order: an array made of every row on each read (10,000 rows,
    /// 10,000 copies). To read a few rows, read `users.rows`.
    public var visibleUsers: [User] { users.records }

    /// How many users are active, for the title: the server's count, moved by the writes it has
    /// not answered yet; `nil` until known.
    public var activeCount: Int? { users.counts[.active] }

    /// Whether the first page is loading with nothing to show yet (a full-screen spinner).
    public var isLoadingFirstPage: Bool { users.refresh.isLoading && users.rows.isEmpty }

    /// A pull to refresh is in flight while the rows stay shown: what a `UIRefreshControl`
    /// shows until it ends refreshing (the terminal shows "Refreshing…"). A refresh on an empty
    /// list is ``isLoadingFirstPage`` instead; a search's or a filter's is neither.
    public var isRefreshing: Bool { users.refresh == .refreshing }

    /// Whether a further page is loading (a spinner row at the bottom).
    public var isLoadingMore: Bool { users.nextPage.isLoading }

    /// The failure of the last request, offering a retry.
    public var loadFailure: ErrorPresentation? { users.failure }

    /// Set while the rows shown are the device's answer (before the server's, or because it could
    /// not answer): when they were saved, whether the server is being asked, and why it did not
    /// answer ("offline · saved 10:42").
    public var savedDataNotice: SavedDataNotice? {
        users.origin?.savedAt.map { SavedDataNotice(savedAt: $0, isUpdating: users.refresh.isLoading, failure: users.refresh.failure) }
    }

    /// While the users an earlier version saved are prepared for search (once, after an update):
    /// how far, in percent, for the list to say so.
    public var preparingPercent: Int? {
        users.indexingSavedRecords.map { Int(($0 * 100).rounded(.down)) }
    }

    /// Whether to show the empty state: answered, and nothing to show.
    public var showsEmptyState: Bool {
        users.rows.isEmpty && !users.refresh.isLoading && users.failure == nil && users.refresh != .idle
    }

    /// The list's title: `ユーザー (有効 6543)` once the active count is known, saying what its
    /// number counts (the article's `ユーザー (6543)` counts the active users too).
    public var title: LocalizedText {
        activeCount.map { UserListText.title(activeCount: $0) } ?? UserListText.title
    }
}

extension LiveCount<User> {
    /// Active users: the title's count.
    public static let active = LiveCount("active") { $0.isActive }
}

extension LiveQueryRules<User, UserListState.Query> {
    /// The demo API's rules: name or email (``RecordSearch/users``), the status filter, by id.
    public static let users = LiveQueryRules(searchText: \.text, order: .id) { query in query.filter.conditions }
}

extension SharedKey<String> {
    /// The user list's search text: kept while the app runs and across starts (a kill
    /// included), as the user left it.
    public static let userSearch = SharedKey("user-search", default: "")   // not shown: a file name
}
