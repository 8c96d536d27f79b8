public import MVVMCore
public import MVVMData

/// A user's detail, opened by id (from the list, or a deep link such as `users/42`): shows every
/// field, toggles active and deletes after a confirmation.
///
/// The user is a ``LiveRecord`` the library keeps true (`StateStore.liveRecord`): read from
/// ``UserRecords``, as the list's rows are, so the two never disagree. A user the list loaded
/// shows at once, a toggle made here shows on the list below, and a write the server has not
/// answered shows pending on both (``UserDetailState/isSaving``), offline and after a restart
/// too. A write belongs to the records, not to this screen: going back never cancels it. A user
/// the server does not have (deleted elsewhere) is ``UserDetailState/isGone``: the screen says
/// so, and the list drops the row.
///
/// ```swift
/// let detail = UserDetailViewModel(userID: 42, repository: repository, records: records)
/// detail.appear()                        // loads user 42 unless the records have it
/// detail.send(.toggleActiveTapped)
/// ```
@MainActor
public final class UserDetailViewModel: ViewModel {
    /// The screen's state.
    public typealias State = UserDetailState

    /// What the detail screen reports.
    public enum Event: Hashable, Sendable {
        /// The active switch was tapped.
        case toggleActiveTapped
        /// Delete was tapped: ask for confirmation.
        case deleteTapped
        /// The confirmation's Delete button.
        case deleteConfirmed
        /// Ask the server again: after a failed load, or while the saved copy is shown.
        case retryTapped
        /// The shown alert was closed (its Cancel or OK button).
        case navigation(NavigationEvent)
    }

    /// The state and the owned work; only this class writes it.
    private let store: StateStore<State>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let records: UserRecords
    private let presenter = ErrorPresenter()
    /// The user, kept true by the library.
    private let user: LiveRecordQuery<UserWrite>

    /// Creates the detail of user `userID`, shown as `records` has it, loaded through
    /// `repository` (`Dependencies.users` by default) when the records do not have it yet; its
    /// picture comes from `avatars` (`Dependencies.avatars` by default).
    public init(
        userID: Int,
        repository: any UserRepository = Dependencies.current.users,
        records: UserRecords,
        avatars: AvatarLoader? = Dependencies.current.avatars
    ) {
        self.records = records
        let store = StateStore(State(userID: userID))
        self.store = store
        // snippet: live-record
        user = store.liveRecord(\.user, records: records, id: userID, presenter: presenter) { [repository] id in
            do throws(UserError) {
                return try await repository.user(id: id)
            } catch .notFound {
                return nil   // the server has no such user: the screen shows it gone
            }
        }
        // snippet end
        records.onWriteFailure { [weak self] failure in self?.writeFailed(failure) }.store(in: store)
        // The picture of the user shown, once shown (again when the screen appears after leaving).
        if let avatars { store.loadResources(\.avatars, for: \.shownUsers, id: \.id, source: \.avatarPath, from: avatars) }
    }

    /// Handles one event from the screen.
    public func onEvent(_ event: Event) {
        switch event {
        case .toggleActiveTapped:
            guard state.canEdit, let user = state.user.value else { return }
            records.write(.setActive(!user.isActive, userID: user.id))
        case .deleteTapped:
            guard state.canEdit, let user = state.user.value else { return }
            store.update { $0.navigation.present(.deleteConfirmation(of: user)) }
        case .deleteConfirmed:
            guard state.navigation.modal?.offers(.deleteConfirmed) == true, state.canEdit else { return }
            records.write(.delete(userID: state.userID))
        case .retryTapped:
            guard state.canRetry else { return }
            user.load()
        case .navigation(let event):
            store.update { $0.navigation.handle(event) }
        }
    }

    /// Loads the user unless the server's value is shown, or it is loading, or gone (a copy saved
    /// on the device shows, marked saved, while the server is asked).
    public func didAppear() {
        user.loadIfNeeded()
    }

    /// A write failed: one alert, when this screen is on top.
    private func writeFailed(_ failure: RecordWriteFailure<UserWrite>) {
        guard let presentation = presenter.presentation(for: UserError(failure)) else { return }
        store.update { $0.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss))) }
    }
}

extension Alert<UserDetailViewModel.Event> {
    /// The question before a delete: Delete, or Cancel.
    public static func deleteConfirmation(of user: User) -> Self {
        Alert(title: UserListText.delete, message: UserListText.deleteQuestion(name: user.name), buttons: [
            AlertButton(UserListText.delete, role: .destructive, sends: .deleteConfirmed),
            AlertButton(CommonText.cancel, role: .cancel, sends: .navigation(.dismiss)),
        ])
    }
}
