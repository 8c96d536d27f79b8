public import Foundation
import MVVMCore
public import MVVMTerminal
public import UserListFeature

/// Draws the user detail screen from its state: pure, for snapshot tests.
public enum UserDetailView {
    /// Draws `state` into `frame`; `tick` drives the spinner.
    public static func render(_ state: UserDetailState, tick: Int = 0, now: Date = Date(), timeZone: TimeZone = .current, into frame: inout Frame) {
        let width = frame.width - 2
        let language = frame.language
        frame.put(state.title.resolved(in: language), at: Position(row: 0, column: 1), style: Style(bold: true), maxWidth: width)
        if let notice = state.savedDataNotice, !state.isGone {
            // The device's saved copy: when it was learnt, and why the server's is not here.
            let reason: LocalizedText = notice.failure.map { "  \($0.message)" } ?? ""
            let line: LocalizedText = "\(notice.terminalText(now: now, timeZone: timeZone))\(reason)"
            frame.put(line.resolved(in: language), at: Position(row: 1, column: 1), style: Style(foreground: .yellow), maxWidth: width)
        }
        if let user = state.user.value, !state.isGone {
            let fields: [(LocalizedText, String)] = [
                (UserListText.idLabel, String(user.id)),
                (UserListText.nameLabel, user.name),
                (UserListText.emailLabel, user.email),
                (UserListText.statusLabel, "\(UserListView.dot(isActive: user.isActive, colorSupport: frame.colorSupport).text) "
                    + UserListText.status(isActive: user.isActive).resolved(in: language)),
                (UserListText.avatarLabel, AvatarView.caption(state.avatar, user: user).resolved(in: language)),
            ]
            let labelWidth = fields.map { DisplayWidth.columns(of: $0.0.resolved(in: language)) }.max() ?? 0
            for (offset, field) in fields.enumerated() {
                let row = 2 + offset
                frame.put(field.0.resolved(in: language), at: Position(row: row, column: 1), style: Style(dim: true))
                frame.put(field.1, at: Position(row: row, column: 3 + labelWidth), maxWidth: width - 2 - labelWidth)
            }
            if let pending = state.user.pending {
                let label = switch pending {
                case .saving: UserListText.saving
                case .deleting: UserListText.deleting
                case .retrying: UserListText.retrying
                }
                Spinner.draw(into: &frame, at: Position(row: 8, column: 1), tick: tick, label: label.resolved(in: language))
            }
            // The picture, 16 × 8 cells, where the frame has room for it.
            if frame.height >= 19, frame.width >= 20, state.avatar.resource != nil {
                AvatarView.draw(state.avatar, name: user.name, into: &frame, in: Rect(row: 9, column: 1, width: 16, height: 8))
            }
        } else if state.isLoading {
            Spinner.draw(into: &frame, at: Position(row: 2, column: 1), tick: tick, label: UserListText.loading.resolved(in: language))
        } else if let message = state.message {
            let retry = state.canRetry ? "  " + UserListText.retryInline.resolved(in: language) : ""
            frame.put(message.resolved(in: language) + retry, at: Position(row: 2, column: 1), style: Style(foreground: .red), maxWidth: width)
        }
        let hints: [LocalizedText] = if let user = state.user.value, state.canEdit {
            [UserListText.toggleHint(isActive: user.isActive), UserListText.deleteHint]
                + (state.canRetry ? [UserListText.refreshHint] : []) + [UserListText.backHint]
        } else if state.canRetry {
            [UserListText.retryHint, UserListText.backHint]
        } else {
            [UserListText.backHint]
        }
        StatusBar.draw(into: &frame, items: hints)
        state.navigation.modal?.draw(into: &frame)
    }
}

extension UserDetailState {
    /// Whether the user is loading with nothing shown yet.
    var isLoading: Bool { user.record.isLoading && user.value == nil }
}
