public import MVVMTerminal
public import UserListFeature

/// Draws the user detail screen from its state: pure, for snapshot tests.
public enum UserDetailView {
    /// Draws `state` into `frame`; `tick` drives the spinner.
    public static func render(_ state: UserDetailState, tick: Int = 0, into frame: inout Frame) {
        let width = frame.width - 2
        frame.put(state.title, at: Position(row: 0, column: 1), style: Style(bold: true), maxWidth: width)
        if let user = state.user.value, !state.isGone {
            let fields: [(String, String)] = [
                ("ID", String(user.id)),
                ("Name", user.name),
                ("Email", user.email),
                ("Status", user.isActive ? "● active" : "○ inactive"),
                ("Avatar", AvatarView.caption(state.avatar, user: user)),
            ]
            for (offset, field) in fields.enumerated() {
                let row = 2 + offset
                frame.put(field.0, at: Position(row: row, column: 1), style: Style(dim: true))
                frame.put(field.1, at: Position(row: row, column: 9), maxWidth: width - 8)
            }
            if let pending = state.user.pending {
                let label = switch pending {
                case .saving: "Saving…"
                case .deleting: "Deleting…"
                case .retrying: "Saving… (no connection: sent again soon)"
                }
                Spinner.draw(into: &frame, at: Position(row: 8, column: 1), tick: tick, label: label)
            }
            // The picture, 16 × 8 cells, where the frame has room for it.
            if frame.height >= 19, frame.width >= 20, state.avatar.resource != nil {
                AvatarView.draw(state.avatar, name: user.name, into: &frame, in: Rect(row: 9, column: 1, width: 16, height: 8))
            }
        } else if state.isLoading {
            Spinner.draw(into: &frame, at: Position(row: 2, column: 1), tick: tick, label: "Loading…")
        } else if let message = state.message {
            let retry = state.canRetry ? "  (r: retry)" : ""
            frame.put(message + retry, at: Position(row: 2, column: 1), style: Style(foreground: .red), maxWidth: width)
        }
        StatusBar.draw(into: &frame, items: state.canEdit ? ["t Toggle", "d Delete", "q Back"] : state.canRetry ? ["r Retry", "q Back"] : ["q Back"])
        state.navigation.modal?.draw(into: &frame)
    }
}

extension UserDetailState {
    /// Whether the user is loading with nothing shown yet.
    var isLoading: Bool { user.record.isLoading && user.value == nil }
}
