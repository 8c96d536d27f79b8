public import MVVMCore
public import MVVMData

/// A user's detail, opened by id (from the list, or a deep link such as `users/42`): loads the
/// user, shows every field, toggles active and deletes after a confirmation.
///
/// Writes the server confirms are posted to ``UserChanges``, so the list below shows them when
/// the user goes back, without reloading; a delete is also how the app knows to close this
/// screen. A user the server does not have (deleted elsewhere) is ``UserDetailState/isGone``:
/// the screen says so, and the list drops the row.
///
/// A write outlives the screen: the user asked for it, so going back while it is in flight does
/// not cancel it, and the list still hears the answer. The load is the screen's own work and
/// ends with it.
///
/// ```swift
/// let detail = UserDetailViewModel(userID: 42, repository: repository, changes: changes)
/// detail.appear()                        // loads user 42
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
        /// The user confirmed the delete.
        case deleteConfirmed
        /// The user cancelled the delete.
        case deleteCancelled
        /// Retry after a failed load.
        case retryTapped
        /// The alert with this id was dismissed.
        case alertDismissed(id: Int)
    }

    /// The state and the owned work; only this class writes it.
    private let store: StateStore<State>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let repository: any UserRepository
    private let changes: UserChanges
    /// Where writes are saved before they are sent; `nil`: straight to the server.
    private let writes: Outbox<UserWrite>?
    /// Follows the answers to this user's queued writes.
    private var changesToken: ObservationToken?
    private let presenter = ErrorPresenter(fallbackTitle: "ユーザー", fallbackMessage: "問題が発生しました。もう一度お試しください。")

    /// Creates the detail of user `userID`, reading and writing through `repository` and
    /// posting confirmed writes to `changes`.
    ///
    /// With `writes`, a toggle or delete is saved in the outbox before it is sent, as on the list:
    /// the screen shows it pending until the app's ``UserWriteDelivery`` posts the server's answer
    /// on `changes`, and a write made offline waits instead of rolling back.
    public init(userID: Int, repository: any UserRepository, changes: UserChanges, writes: Outbox<UserWrite>? = nil) {
        self.repository = repository
        self.changes = changes
        self.writes = writes
        self.store = StateStore(State(userID: userID))
        if writes != nil {
            changesToken = changes.subscribe { [weak self] change in self?.follow(change) }
        }
    }

    /// Handles one event from the screen.
    public func onEvent(_ event: Event) {
        store.trace(event)   // for a change log, if one is attached (MVVMLogging)
        switch event {
        case .toggleActiveTapped:
            toggleActive()
        case .deleteTapped:
            guard state.canEdit else { return }
            store.update { $0.isConfirmingDelete = true }
        case .deleteConfirmed:
            guard state.isConfirmingDelete else { return }
            store.update { $0.isConfirmingDelete = false }
            delete()
        case .deleteCancelled:
            store.update { $0.isConfirmingDelete = false }
        case .retryTapped:
            guard state.canRetry else { return }
            load()
        case .alertDismissed(let id):
            store.update { $0.alerts.dismiss(id) }
        }
    }

    /// Loads the user unless it is shown, loading, or gone.
    public func didAppear() {
        if state.user.value == nil, !state.user.isLoading, !state.isGone { load() }
    }

    private func load() {
        let userID = state.userID
        store.update { $0.user.startLoading() }
        store.run("load", onCancel: { $0.user.cancelLoading() }) { [weak self, repository] in
            do throws(UserError) {
                let user = try await repository.user(id: userID)
                // An answer about another user is no answer.
                guard user.id == userID else { throw .invalidData }
                self?.store.update { $0.user.finish(with: user) }
            } catch {
                self?.loadFailed(error)
            }
        }
    }

    private func loadFailed(_ error: UserError) {
        if error == .notFound { return becameGone() }
        guard let presentation = presenter.present(error) else {
            store.update { $0.user.cancelLoading() }
            return
        }
        store.update { $0.user.fail(with: presentation) }
    }

    // MARK: - Writes

    private func toggleActive() {
        guard state.canEdit, let user = state.user.value else { return }
        let isActive = !user.isActive
        store.update {
            $0.isSaving = true
            $0.user = .loaded(Self.user(user, isActive: isActive))
        }
        if let writes { return queue(.setActive(isActive, userID: user.id), in: writes, restoring: user) }
        // Not owned work: it outlives the screen (see the type's documentation).
        Task { [weak self, repository, changes] in
            do throws(UserError) {
                let saved = try await repository.setActive(isActive, userID: user.id)
                guard saved.id == user.id else { throw .invalidData }
                changes.post(.saved(saved))
                self?.store.update {
                    $0.isSaving = false
                    $0.user = .loaded(saved)
                }
            } catch {
                self?.writeFailed(error, restoring: user)
            }
        }
    }

    private func delete() {
        guard state.canEdit, let user = state.user.value else { return }
        store.update { $0.isSaving = true }
        if let writes { return queue(.delete(userID: user.id), in: writes, restoring: user) }
        // Not owned work: it outlives the screen (see the type's documentation).
        Task { [weak self, repository, changes] in
            do throws(UserError) {
                try await repository.deleteUser(user.id)
                self?.store.update { $0.isSaving = false }
                changes.post(.deleted(userID: user.id))
            } catch {
                self?.writeFailed(error, restoring: user)
            }
        }
    }

    /// Saves `write` before it is sent; the answer comes back through ``follow(_:)``. A write the
    /// device cannot save rolls back with an alert.
    private func queue(_ write: UserWrite, in writes: Outbox<UserWrite>, restoring user: User) {
        store.run("write", policy: .queue) { [weak self] in
            do {
                try await writes.enqueue(write)
            } catch {
                self?.writeFailed(.storage, restoring: user)
            }
        }
    }

    /// The server's answer to a queued write about this user.
    private func follow(_ change: UserChange) {
        guard change.userID == state.userID else { return }
        switch change {
        case .saved(let user):
            store.update {
                $0.isSaving = false
                $0.user = .loaded(user)
            }
        case .deleted:
            store.update { $0.isSaving = false }
        case .gone:
            if !state.isGone { becameGone() }
        case .refused(_, let error):
            // What the screen shows was never saved: say why and read the user again.
            let presentation = presenter.present(error)
            store.update {
                $0.isSaving = false
                if let presentation { $0.alerts.enqueue(presentation) }
            }
            load()
        case .notSaved:
            break
        }
    }

    private func writeFailed(_ error: UserError, restoring user: User) {
        if error == .notFound { return becameGone() }
        let presentation = presenter.present(error)
        store.update {
            $0.isSaving = false
            $0.user = .loaded(user)
            if let presentation { $0.alerts.enqueue(presentation) }
        }
    }

    /// The server has no such user (deleted elsewhere): the screen says so, and the list drops
    /// the row.
    private func becameGone() {
        store.update {
            $0.isSaving = false
            $0.isGone = true
            $0.user = .idle
        }
        changes.post(.gone(userID: state.userID))
    }

    private static func user(_ user: User, isActive: Bool) -> User {
        var changed = user
        changed.isActive = isActive
        return changed
    }
}
