public import MVVMCore
public import MVVMData

/// A user's detail, opened by id (from the list, or a deep link such as `users/42`): shows every
/// field, toggles active and deletes after a confirmation.
///
/// It reads the user from ``UserRecords``, as the list does, so the two never disagree: a user
/// the list loaded shows at once, a toggle made here shows on the list below, and a write the
/// server has not answered shows pending on both (``UserDetailState/isSaving``), offline and
/// after a restart too. A write belongs to the records, not to this screen: going back never
/// cancels it. A user the server does not have (deleted elsewhere) is
/// ``UserDetailState/isGone``: the screen says so, and the list drops the row.
///
/// ```swift
/// let detail = UserDetailViewModel(userID: 42, repository: repository, records: records)
/// detail.appear()                        // loads user 42 unless the records have it
/// detail.onEvent(.toggleActiveTapped)
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
        /// Retry after a failed load.
        case retryTapped
        /// The shown alert was closed (its Cancel or OK button).
        case navigation(NavigationEvent)
    }

    /// The state and the owned work; only this class writes it.
    private let store: StateStore<State>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let repository: any UserRepository
    private let records: UserRecords
    private let avatars: AvatarLoader?
    private let presenter = ErrorPresenter(fallbackTitle: "ユーザー", fallbackMessage: "問題が発生しました。もう一度お試しください。")
    /// Keeps this screen following ``records`` for as long as it lives.
    private var tokens: [ObservationToken] = []

    /// Creates the detail of user `userID`, shown as `records` has it, loaded through
    /// `repository` when the records do not have it yet; its picture comes from `avatars`.
    public init(userID: Int, repository: any UserRepository, records: UserRecords, avatars: AvatarLoader? = nil) {
        self.repository = repository
        self.records = records
        self.avatars = avatars
        var initial = State(userID: userID)
        if let known = records.value(for: userID) { initial.user = .loaded(known) }
        initial.isSaving = records.isPending(userID)
        self.store = StateStore(initial)
        tokens = [
            records.observe { [weak self] change in
                guard let self, change.ids.contains(userID) else { return }
                showRecord()
            },
            records.presentFailures { [weak self] failure in self?.present(failure) },
        ]
    }

    /// Handles one event from the screen.
    public func onEvent(_ event: Event) {
        store.trace(event)   // for a change log, if one is attached (MVVMLogging)
        switch event {
        case .toggleActiveTapped:
            guard state.canEdit, let user = state.user.value else { return }
            records.write(.setActive(!user.isActive, userID: user.id))
        case .deleteTapped:
            guard state.canEdit, let user = state.user.value else { return }
            store.update { $0.navigation.present(.deleteConfirmation(of: user)) }
        case .deleteConfirmed:
            guard state.navigation.modal?.offers(.deleteConfirmed) == true else { return }
            store.update { $0.navigation.handle(.dismiss) }
            guard state.canEdit else { return }
            records.write(.delete(userID: state.userID))
        case .retryTapped:
            guard state.canRetry else { return }
            load()
        case .navigation(let event):
            store.update { $0.navigation.handle(event) }
        }
    }

    /// Loads the user unless it is shown, loading, or gone.
    public func didAppear() {
        if state.user.value == nil, !state.user.isLoading, !state.isGone { load() }
        loadAvatar()
    }

    /// Loads the picture of the user shown, if any (again after a failure, when the screen
    /// appears again).
    private func loadAvatar() {
        guard let avatars else { return }
        store.loadResources(\.avatars, for: \.shownUsers, id: \.id, source: \.avatarPath, visible: 0..<1, from: avatars)
    }

    private func load() {
        let userID = state.userID
        store.update { $0.user.startLoading() }
        store.run("load", onCancel: { $0.user.cancelLoading() }) { [weak self, records, repository] in
            let read = records.beginRead()
            do throws(UserError) {
                let user = try await repository.user(id: userID)
                // An answer about another user is no answer.
                guard user.id == userID else { throw .invalidData }
                records.merge([user], readAt: read)
                if let shown = records.value(for: userID) {
                    self?.store.update { $0.user.finish(with: shown) }
                    self?.loadAvatar()
                } else {
                    self?.showRecord()   // deleted meanwhile, here or by a pending write
                }
            } catch .notFound {
                records.merge([], gone: [userID], readAt: read)
                self?.showRecord()
            } catch {
                self?.loadFailed(error)
            }
        }
    }

    private func loadFailed(_ error: UserError) {
        guard let presentation = presenter.present(error) else {
            store.update { $0.user.cancelLoading() }
            return
        }
        store.update { $0.user.fail(with: presentation) }
    }

    /// Shows the user as the records have it now: changed, pending, or gone.
    private func showRecord() {
        let userID = state.userID
        store.update { state in
            state.isSaving = records.isPending(userID)
            if let user = records.value(for: userID) {
                state.user = .loaded(user)
                state.isGone = false
            } else if !state.isSaving, records.confirmedValue(for: userID) == nil, state.user.value != nil || state.user.isLoading {
                // Deleted, here or elsewhere, and the server agrees.
                state.user = .idle
                state.isGone = true
            }
        }
        loadAvatar()
    }

    /// A write failed: one alert, when this screen is on top.
    private func present(_ failure: RecordWriteFailure<UserWrite>) {
        guard let presentation = presenter.present(UserError(failure)) else { return }
        store.update { $0.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss))) }
    }
}

extension Alert<UserDetailViewModel.Event> {
    /// The question before a delete: Delete, or Cancel.
    public static func deleteConfirmation(of user: User) -> Self {
        Alert(title: "Delete", message: "Delete \(user.name)?", buttons: [
            AlertButton("Delete", role: .destructive, sends: .deleteConfirmed),
            AlertButton("Cancel", role: .cancel, sends: .navigation(.dismiss)),
        ])
    }
}
