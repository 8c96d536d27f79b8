public import MVVMTerminal

/// What the user list screen keeps itself, beside the ViewModel's state: focus, selection,
/// scrolling.
public struct UserListUI: Equatable, Sendable {
    /// Whether keys go to the search field.
    public var isSearchFocused = false
    /// The selected row.
    public var selection = 0
    /// The first row shown.
    public var scrollOffset = 0
    /// The spinner's tick.
    public var tick = 0
    /// Keys for the alert shown: the one that opened it, repeated, answers nothing.
    public var alertInput = AlertInput()
    /// The rows last reported visible to the ViewModel, and the users they showed.
    var reportedRows: Range<Int> = 0..<0
    var reportedUserIDs: [Int] = []

    /// Creates the initial UI state.
    public init() {}
}
