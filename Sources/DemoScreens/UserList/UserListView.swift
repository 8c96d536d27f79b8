public import Foundation
public import MVVMTerminal
public import UserListFeature

/// Draws the user list screen from its state: pure, for snapshot tests.
public enum UserListView {
    /// The filter titles, in `UserFilter.allCases` order.
    static let filterTitles = ["All", "Active", "Inactive"]

    /// Draws `state` and `ui` into `frame`; saved rows' time is shown in `timeZone`, with its
    /// date unless saved on `now`'s day.
    ///
    /// - Returns: the scroll offset used, to keep for the next draw.
    @discardableResult
    public static func render(
        _ state: UserListState, ui: UserListUI, timeZone: TimeZone = .current, now: Date = Date(), into frame: inout Frame
    ) -> Int {
        let width = frame.width
        frame.put(state.title, at: Position(row: 0, column: 1), style: Style(bold: true))
        TextField(label: "Search: ", text: state.searchText, placeholder: "/ to search", isFocused: ui.isSearchFocused)
            .draw(into: &frame, in: Rect(row: 1, column: 1, width: width - 2, height: 1))
        SegmentedControl(options: filterTitles, selection: UserFilter.allCases.firstIndex(of: state.filter) ?? 0)
            .draw(into: &frame, at: Position(row: 2, column: 1), maxWidth: width - 2)
        let listRect = Rect(row: 4, column: 1, width: width - 2, height: listHeight(frameHeight: frame.height))
        var offset = ui.scrollOffset
        if state.isLoadingFirstPage {
            Spinner.draw(into: &frame, at: Position(row: listRect.origin.row, column: 1), tick: ui.tick, label: "Loading…")
        } else if let failure = state.loadFailure, state.users.rows.isEmpty {
            EmptyState.draw(into: &frame, in: listRect, message: "\(failure.message)  (r: retry)")
        } else if state.showsEmptyState {
            EmptyState.draw(into: &frame, in: listRect, message: "No users")
        } else {
            let rows = state.users.rows
            let selection = ui.isSearchFocused ? nil : ui.selection
            // Each row starts with its picture, 2 cells wide, drawn over the row's first cells.
            offset = ListView(count: rows.count, selection: selection, scrollOffset: ui.scrollOffset) { index in
                let user = rows[index].record
                let pending = rows[index].pending != nil ? " …" : ""
                return "   \(user.isActive ? "●" : "○") \(user.name)  <\(user.email)>\(pending)"
            }
            .draw(into: &frame, in: listRect)
            for index in visibleRows(offset: offset, count: rows.count, listHeight: listRect.height) {
                let user = rows[index].record
                let rect = Rect(row: listRect.origin.row + index - offset, column: listRect.origin.column, width: 2, height: 1)
                AvatarView.draw(state.avatars[user.id], name: user.name, into: &frame, in: rect, style: Style(inverse: index == selection))
            }
            if state.isLoadingMore {
                Spinner.draw(into: &frame, at: Position(row: frame.height - 2, column: 1), tick: ui.tick, label: "Loading more…")
            }
            if state.isRefreshing {
                Spinner.draw(into: &frame, at: Position(row: 3, column: 1), tick: ui.tick, label: "Refreshing…")
            } else if let notice = state.savedDataNotice {
                frame.put(notice.terminalText(now: now, timeZone: timeZone), at: Position(row: 3, column: 1), style: Style(foreground: .yellow), maxWidth: width - 2)
            }
        }
        StatusBar.draw(into: &frame, items: ui.isSearchFocused
            ? ["Type to search", "Enter/↓ List", "Esc Done"]
            : ["/ Search", "f Filter", "r Refresh", "t Toggle", "d Delete", "Enter Detail", "q Back"])
        state.navigation.modal?.draw(into: &frame)
        return offset
    }

    /// The rows of a list of `count` shown from `offset` in the list's `listHeight` rows.
    static func visibleRows(offset: Int, count: Int, listHeight: Int) -> Range<Int> {
        let lower = min(max(0, offset), count)
        return lower..<min(count, lower + max(0, listHeight))
    }

    /// The height of the list in a frame `frameHeight` rows high.
    static func listHeight(frameHeight: Int) -> Int { max(0, frameHeight - 6) }
}
