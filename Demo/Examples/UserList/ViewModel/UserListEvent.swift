public import MVVMCore

/// What the user list screen reports.
public enum UserListEvent: Hashable, Sendable {
    /// Pull to refresh.
    case refreshPulled
    /// The last rows came into view: load the next page.
    case lastRowsAppeared
    /// The search field changed.
    case searchTextChanged(String)
    /// The filter button: the article's filter sheet opens (``Alert/filterSheet(current:)``).
    case filterTapped
    /// A status filter was chosen (an option of the filter sheet, or a picker's choice).
    case filterSelected(UserFilter)
    /// Retry after a failed page load.
    case retryTapped
    /// The toggle action on a row.
    case toggleActiveTapped(userID: Int)
    /// The delete action on a row: ask for confirmation.
    case deleteTapped(userID: Int)
    /// The confirmation's Delete button.
    case deleteConfirmed(userID: Int)
    /// A row was opened (tapped, or Enter on it): the list tells its parent
    /// (``UserListViewModel/Delegate/userOpened(id:)``), which shows the user.
    case rowOpened(userID: Int)
    /// The shown alert was closed (its Cancel or OK button).
    case navigation(NavigationEvent)
    /// The rows at these positions of ``UserListState/visibleUsers`` are on screen: their
    /// pictures, and those of the rows around them, load; the others' are cancelled.
    case visibleRowsChanged(Range<Int>)
}

/// What the user list tells the ViewModel that made it (``UserListViewModel/delegate``).
public enum UserListDelegate: Equatable, Sendable {
    /// The user's row was opened: show the user.
    case userOpened(id: Int)
}
