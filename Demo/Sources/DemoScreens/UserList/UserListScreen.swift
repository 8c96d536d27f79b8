public import MVVMTerminal
public import UserListFeature

/// The user list: search, the filter sheet (`f`), paging, refresh, toggle, delete with
/// confirmation; Enter opens the row (the ViewModel tells its parent, which pushes the detail).
@MainActor
public final class UserListScreen: ViewModelScreen {
    /// The ViewModel the screen shows; it appears and disappears with the screen.
    public let viewModel: UserListViewModel
    /// The screen's own UI state.
    public private(set) var ui = UserListUI()

    /// Creates the screen; the ViewModel appears when the screen does.
    public init(viewModel: UserListViewModel) {
        self.viewModel = viewModel
    }

    /// Draws the ViewModel's state.
    public func render(into frame: inout Frame) {
        ui.tick += 1
        // Rows may have left while the screen was hidden (a delete on the detail): the
        // selection stays on a row.
        let count = viewModel.state.users.rows.count
        if ui.selection >= count { ui.selection = max(0, count - 1) }
        ui.scrollOffset = UserListView.render(viewModel.state, ui: ui, into: &frame)
        reportVisibleRows(frameHeight: frame.height)
    }

    /// Tells the ViewModel which rows the frame shows, when they (or the users in them) changed:
    /// their pictures load, the others' are cancelled.
    private func reportVisibleRows(frameHeight: Int) {
        let users = viewModel.state.users.rows
        let rows = UserListView.visibleRows(offset: ui.scrollOffset, count: users.count, listHeight: UserListView.listHeight(frameHeight: frameHeight))
        let ids = users[rows].map(\.id)
        guard rows != ui.reportedRows || ids != ui.reportedUserIDs else { return }
        ui.reportedRows = rows
        ui.reportedUserIDs = ids
        viewModel.send(.visibleRowsChanged(rows))
    }

    /// Routes a key to the alert or confirmation shown, the search field or the list.
    public func handle(_ key: Key) -> ScreenAction? {
        let state = viewModel.state
        if let alert = state.navigation.modal {
            guard let event = ui.alertInput.event(for: key, on: alert) else { return nil }
            // Another filter chosen on the sheet: the selection goes to the top of its rows.
            if case .filterSelected(let filter) = event, filter != state.filter { ui.selection = 0 }
            viewModel.send(event)
            return nil
        }
        ui.alertInput.keyPressedWithoutAlert(key)
        if ui.isSearchFocused { return handleSearch(key, text: state.searchText) }
        return handleList(key, state: state)
    }

    private func handleSearch(_ key: Key, text: String) -> ScreenAction? {
        switch key {
        case .character(let character):
            viewModel.send(.searchTextChanged(text + String(character)))
        case .paste(let pasted):
            viewModel.send(.searchTextChanged(text + TerminalText.singleLine(pasted)))
        case .backspace:
            viewModel.send(.searchTextChanged(String(text.dropLast())))
        case .control("u"):
            viewModel.send(.searchTextChanged(""))
        case .enter, .escape, .down, .tab:
            ui.isSearchFocused = false
            ui.selection = 0
        default: break
        }
        return nil
    }

    private func handleList(_ key: Key, state: UserListState) -> ScreenAction? {
        let users = state.users.rows
        let selected = users.indices.contains(ui.selection) ? users[ui.selection].record : nil
        switch key {
        case .character("q"), .escape: return .pop
        case .character("/"): ui.isSearchFocused = true
        case .up, .character("k"):
            if ui.selection == 0 { ui.isSearchFocused = true }
            move(to: ui.selection - 1, count: users.count)
        case .down, .character("j"): move(to: ui.selection + 1, count: users.count)
        case .pageUp: move(to: ui.selection - 10, count: users.count)
        case .pageDown: move(to: ui.selection + 10, count: users.count)
        case .home: move(to: 0, count: users.count)
        case .end: move(to: users.count - 1, count: users.count)
        case .character("f"):
            viewModel.send(.filterTapped)   // the article's filter sheet
        case .character("r"):
            viewModel.send(state.loadFailure != nil ? .retryTapped : .refreshPulled)
        case .character("t"):
            if let selected { viewModel.send(.toggleActiveTapped(userID: selected.id)) }
        case .character("d"):
            if let selected { viewModel.send(.deleteTapped(userID: selected.id)) }
        case .enter:
            if let selected { viewModel.send(.rowOpened(userID: selected.id)) }
        default: break
        }
        return nil
    }

    private func move(to index: Int, count: Int) {
        ui.selection = max(0, min(count - 1, index))
        if count > 0, ui.selection >= count - 5 { viewModel.send(.lastRowsAppeared) }
    }
}
