public import MVVMCore
public import MVVMData

/// Everything the user detail screen shows.
public struct UserDetailState: Equatable, Sendable, NavigationState {
    /// The user: as every screen shows it, at once when the records know it, else loaded by
    /// id when the screen appears; its pending write; whether the server has it.
    public var user: LiveRecord<User>
    /// What the screen presents over the user: the delete confirmation, or a failed write's
    /// alert. Each button sends its event to ``UserDetailViewModel/onEvent(_:)``.
    public var navigation = Navigation<Never, Alert<UserDetailViewModel.Event>>()
    /// The user's picture, once the user is shown: read it with ``avatar``.
    public var avatars = RowResources<Int, Avatar>(prefetchMargin: 0)

    /// The initial state of the detail of user `userID`.
    public init(userID: Int) {
        user = LiveRecord(id: userID)
        avatars.visibleRows = 0..<1   // the one row, shown whenever there is a user
    }

    /// The user's id: known before the user is loaded (the screen was opened with it).
    public var userID: Int { user.id }

    /// The server has no such user: it was deleted elsewhere. The screen says so, with no retry.
    public var isGone: Bool { user.isGone }

    /// A toggle or a delete of this user waits for the server's answer (made here or on the
    /// list, now or before a restart): shown as done, marked pending.
    public var isSaving: Bool { user.pending != nil }

    /// Where the user's picture stands.
    public var avatar: RowResource<Avatar> { avatars[userID] }

    /// The user shown, as the one row whose picture loads.
    var shownUsers: [User] { user.value.map { [$0] } ?? [] }

    /// The heading: the user's name once loaded, else `ユーザー 42`.
    public var title: LocalizedText { user.value.map { LocalizedText(verbatim: $0.name) } ?? UserListText.userNumber(userID) }

    /// What to say when no user is shown: why, and whether `r` retries.
    public var message: LocalizedText? {
        if isGone { return UserError.notFound.message }
        return user.value == nil ? user.record.error?.message : nil
    }

    /// Whether `r` asks the server again: the load failed with nothing shown, or the user shown is
    /// the device's saved copy (after a restart) and no request is on its way.
    public var canRetry: Bool {
        guard !isGone, !user.record.isLoading else { return false }
        return user.value == nil ? user.record.error != nil : savedDataNotice != nil
    }

    /// What the screen says while it shows the device's saved copy of the user (after a restart,
    /// offline): `saved 10:42 · updating…`, or `offline · saved 10:42` and why; `nil` while the
    /// user shown is the server's.
    public var savedDataNotice: SavedDataNotice? { user.savedDataNotice }

    /// Whether the toggle and delete actions are offered: the user is shown and no write of it
    /// waits for the server.
    public var canEdit: Bool { user.value != nil && !isGone && !isSaving }
}
