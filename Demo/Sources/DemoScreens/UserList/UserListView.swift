public import Foundation
import MVVMCore
public import MVVMTerminal
public import UserListFeature

/// Draws the user list screen from its state: pure, for snapshot tests.
public enum UserListView {
    /// Draws `state` and `ui` into `frame`, in the frame's language; saved rows' time is shown
    /// in `timeZone`, with its date unless saved on `now`'s day.
    ///
    /// - Returns: the scroll offset used, to keep for the next draw.
    @discardableResult
    public static func render(
        _ state: UserListState, ui: UserListUI, timeZone: TimeZone = .current, now: Date = Date(), into frame: inout Frame
    ) -> Int {
        let width = frame.width
        let language = frame.language
        frame.put(state.title.resolved(in: language), at: Position(row: 0, column: 1), style: Style(bold: true))
        TextField(
            label: UserListText.searchLabel.resolved(in: language), text: state.searchText,
            placeholder: UserListText.searchPlaceholder.resolved(in: language), isFocused: ui.isSearchFocused
        )
        .draw(into: &frame, in: Rect(row: 1, column: 1, width: width - 2, height: 1))
        let filter: LocalizedText = "\(UserListText.filterTitle): \(UserListText.filter(state.filter))"
        frame.put(filter.resolved(in: language), at: Position(row: 2, column: 1), style: Style(dim: true), maxWidth: width - 2)
        let listRect = Rect(row: 4, column: 1, width: width - 2, height: listHeight(frameHeight: frame.height))
        var offset = ui.scrollOffset
        if state.isLoadingFirstPage {
            Spinner.draw(into: &frame, at: Position(row: listRect.origin.row, column: 1), tick: ui.tick, label: UserListText.loading.resolved(in: language))
        } else if let failure = state.loadFailure, state.users.rows.isEmpty {
            // A search or a filter the device answered with nothing: say so first, then why the
            // server was not asked (issue 54: an offline search with no match read as a failure).
            let narrowed = !state.searchText.isEmpty || state.filter != .all
            var failureRect = listRect
            if narrowed {
                EmptyState.draw(into: &frame, in: listRect, message: UserListText.empty.resolved(in: language))
                failureRect.origin.row += 1
            }
            let message: LocalizedText = "\(failure.message)  \(UserListText.retryInline)"
            EmptyState.draw(into: &frame, in: failureRect, message: message.resolved(in: language))
        } else if state.showsEmptyState {
            EmptyState.draw(into: &frame, in: listRect, message: UserListText.empty.resolved(in: language))
        } else {
            let rows = state.users.rows
            let selection = ui.isSearchFocused ? nil : ui.selection
            let colorSupport = frame.colorSupport
            // Each row starts with its picture, 2 cells wide, drawn over the row's first cells,
            // then the status dot, coloured as the article's (drawn over the row's text below).
            offset = ListView(count: rows.count, selection: selection, scrollOffset: ui.scrollOffset) { index in
                let user = rows[index].record
                let pending = rows[index].pending != nil ? " …" : ""
                return "   \(dot(isActive: user.isActive, colorSupport: colorSupport).text) \(user.name)  <\(user.email)>\(pending)"
            }
            .draw(into: &frame, in: listRect)
            for index in visibleRows(offset: offset, count: rows.count, listHeight: listRect.height) {
                let user = rows[index].record
                let row = listRect.origin.row + index - offset
                let rect = Rect(row: row, column: listRect.origin.column, width: 2, height: 1)
                AvatarView.draw(state.avatars[user.id], name: user.name, into: &frame, in: rect, style: Style(inverse: index == selection))
                let dot = dot(isActive: user.isActive, colorSupport: frame.colorSupport)
                var dotStyle = dot.style
                dotStyle.inverse = index == selection
                frame.put(dot.text, at: Position(row: row, column: listRect.origin.column + 3), style: dotStyle)
            }
            if state.isLoadingMore {
                Spinner.draw(into: &frame, at: Position(row: frame.height - 2, column: 1), tick: ui.tick, label: UserListText.loadingMore.resolved(in: language))
            }
            if state.isRefreshing {
                Spinner.draw(into: &frame, at: Position(row: 3, column: 1), tick: ui.tick, label: UserListText.refreshing.resolved(in: language))
            } else if let percent = state.preparingPercent {
                let label = UserListText.preparing(percent: percent).resolved(in: language)
                Spinner.draw(into: &frame, at: Position(row: 3, column: 1), tick: ui.tick, label: label)
            } else if let notice = state.savedDataNotice {
                // Why the server's rows are not here: the article's message (a 503 is
                // "サーバーエラー (コード: 503)", not "offline").
                let reason: LocalizedText = notice.failure.map { "  \($0.message)" } ?? ""
                let line: LocalizedText = "\(notice.terminalText(now: now, timeZone: timeZone))\(reason)"
                frame.put(line.resolved(in: language), at: Position(row: 3, column: 1), style: Style(foreground: .yellow), maxWidth: width - 2)
            }
        }
        StatusBar.draw(into: &frame, items: ui.isSearchFocused ? UserListText.searchHints : listHints(state, ui: ui))
        state.navigation.modal?.draw(into: &frame)
        return offset
    }

    /// The list's key hints; the row actions carry the article's labels (削除, and 無効化 or
    /// 有効化 as the selected user is).
    static func listHints(_ state: UserListState, ui: UserListUI) -> [LocalizedText] {
        let rows = state.users.rows
        var hints = [UserListText.searchHint, UserListText.filterHint, UserListText.refreshHint]
        if rows.indices.contains(ui.selection) {
            hints += [UserListText.toggleHint(isActive: rows[ui.selection].record.isActive), UserListText.deleteHint, UserListText.detailHint]
        }
        return hints + [UserListText.backHint]
    }

    /// The status dot: the article's, green when active and grey when not; with no colour
    /// (`NO_COLOR`), ● active and ○ inactive.
    static func dot(isActive: Bool, colorSupport: ColorSupport) -> (text: String, style: Style) {
        guard colorSupport != .none else { return (isActive ? "●" : "○", Style()) }
        return ("●", Style(foreground: isActive ? .green : .rgb(red: 128, green: 128, blue: 128)))
    }

    /// The rows of a list of `count` shown from `offset` in the list's `listHeight` rows.
    static func visibleRows(offset: Int, count: Int, listHeight: Int) -> Range<Int> {
        let lower = min(max(0, offset), count)
        return lower..<min(count, lower + max(0, listHeight))
    }

    /// The height of the list in a frame `frameHeight` rows high.
    static func listHeight(frameHeight: Int) -> Int { max(0, frameHeight - 6) }
}
