public import MVVMCore
public import MVVMData

/// The user list (the articles' `UserListViewModel`, the best version of it): server-side pages,
/// a debounced search whose latest query wins, a status filter, the active count, optimistic
/// toggle and delete with rollback, pull to refresh, alerts that show once, and analytics.
///
/// A row's detail is a screen of its own (``UserDetailViewModel``), which the app pushes; what
/// the detail saves reaches this list through ``UserChanges``, so the rows are up to date when
/// the user comes back, with no reload.
///
/// The articles' bugs are fixed: rows are found by id after every `await` (never by an index
/// captured before it); an older search's answer never lands after a newer one; work ends with
/// the screen; the same error waiting twice shows once.
///
/// ```swift
/// let viewModel = UserListViewModel(repository: RemoteUserRepository(dataSource: .init(client: client)))
/// viewModel.appear()
/// viewModel.onEvent(.searchTextChanged("jose"))   // local match at once, the server after 300 ms
/// ```
@MainActor
public final class UserListViewModel: ViewModel {
    /// The screen's state.
    public typealias State = UserListState
    /// The screen's events.
    public typealias Event = UserListEvent

    /// Users per page.
    public nonisolated static let pageSize = 20
    /// How long the search text must rest before the server is asked.
    public nonisolated static let searchDebounce: Duration = .milliseconds(300)

    /// The state and the owned work; only this class writes it.
    private let store: StateStore<State>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let repository: any UserRepository
    private let analytics: any AnalyticsTracker
    private let presenter = ErrorPresenter(fallbackTitle: "ユーザー", fallbackMessage: "問題が発生しました。もう一度お試しください。")
    private var search = LocalUserSearch()
    /// Rows written since the page in flight was asked for (`nil`: deleted). That page was read
    /// before the writes landed, so its copy of these rows is older than what the screen shows.
    private var writtenSincePageRequest: [Int: User?] = [:]
    /// Writes the server has not answered yet, by row: what the screen shows for them.
    private var pendingWrites: [Int: PendingWrite] = [:]
    /// Whether counts arrived while a write was pending: they may miss it, so they are asked
    /// again once the writes are answered.
    private var countsReadDuringAWrite = false
    /// Whether another screen changed users this list has no row for, so the counts may be out
    /// of date: they are asked again on the next appearance.
    private var countsAreStale = false
    /// Follows the changes other screens post.
    private var changesToken: ObservationToken?
    /// Where writes the server could not take wait (nil: they roll back with an alert).
    private let writes: Outbox<UserWrite>?
    /// Users with a write waiting in ``writes``: shown as done and pending until delivered.
    private var queued: Set<Int> = []
    /// Follows ``writes`` for the ViewModel's life, as `changes` is followed: not owned work,
    /// which would keep the screen from ever being idle.
    private var queuedWatch: Task<Void, Never>?

    private enum PendingWrite {
        case toggle(isActive: Bool)
        case delete
    }

    /// Creates the ViewModel.
    ///
    /// - Parameters:
    ///   - repository: where users come from.
    ///   - changes: where other screens (the user detail) post the writes the server confirmed;
    ///     the rows follow them, even while this screen is hidden.
    ///   - analytics: where analytics events go.
    ///   - clock: the clock of the search debounce.
    ///   - writes: where every toggle and delete is saved before it is sent, shown as done and
    ///     pending until the app's ``UserWriteDelivery`` has the server's answer (after a restart
    ///     too); without one, writes go straight to the server and a failure rolls back with an
    ///     alert.
    public init(
        repository: any UserRepository,
        changes: UserChanges = UserChanges(),
        analytics: any AnalyticsTracker = NoAnalytics(),
        clock: any Clock<Duration> = ContinuousClock(),
        writes: Outbox<UserWrite>? = nil
    ) {
        self.repository = repository
        self.analytics = analytics
        self.writes = writes
        self.store = StateStore(State(), clock: clock)
        changesToken = changes.subscribe { [weak self] change in self?.follow(change) }
        if let writes { followQueuedWrites(writes) }
    }

    isolated deinit {
        queuedWatch?.cancel()
    }

    /// Handles one event from the screen.
    public func onEvent(_ event: Event) {
        store.trace(event)   // for a change log, if one is attached (MVVMLogging)
        switch event {
        case .refreshPulled:
            loadFirstPage(isRefresh: true)
            loadStats()
        case .lastRowsAppeared:
            loadPage { $0.users.beginNextPage() }
        case .searchTextChanged(let text):
            guard text != state.searchText else { return }
            change { $0.searchText = text }
            store.run(WorkKey.query, policy: .debounce(for: Self.searchDebounce)) { [weak self] in
                self?.loadFirstPage()
            }
        case .filterSelected(let filter):
            guard filter != state.filter else { return }
            change { $0.filter = filter }
            store.cancelWork(WorkKey.query)
            loadFirstPage()
        case .retryTapped:
            loadPage { $0.users.beginRetry() }
        case .toggleActiveTapped(let userID):
            toggleActive(userID)
        case .deleteConfirmed(let userID):
            delete(userID)
        case .alertDismissed(let id):
            store.update { $0.alerts.dismiss(id) }
        }
    }

    /// Loads the first page and the counts, unless they are loaded for the current search and
    /// filter. After writes were cut short by a disappearance, reloads so that the rows match the
    /// server again.
    public func didAppear() {
        // Writes the screen's disappearance cut short (not those waiting in the outbox): the
        // server may or may not have them, so the rows are read again.
        let cutShort = state.pendingUserIDs.subtracting(queued)
        if !cutShort.isEmpty {
            for userID in cutShort { pendingWrites[userID] = nil }
            store.update { $0.pendingUserIDs.subtract(cutShort) }
            loadFirstPage()
            loadStats()
            return
        }
        let current = State.Query(text: state.searchText, filter: state.filter)
        if state.users.loadedPageCount == 0 || state.loadedQuery != current, !state.users.isLoading { loadFirstPage() }
        if state.activeCount == nil || countsAreStale {
            countsAreStale = false
            loadStats()
        }
    }

    // MARK: - Pages

    private enum WorkKey: Hashable, Sendable {
        case query, page, stats, write, savedPage
    }

    /// Asks for the first page of the current search text and filter; the rows stay until it
    /// arrives. One update: the new query and its request.
    ///
    /// - Parameter isRefresh: a pull to refresh: while rows are shown, ``UserListState/isRefreshing``
    ///   says so until the page arrives.
    private func loadFirstPage(isRefresh: Bool = false) {
        let rowsShown = !state.users.items.isEmpty
        loadPage { state in
            state.loadedQuery = State.Query(text: state.searchText, filter: state.filter)
            return state.users.beginRefresh()
        } started: { state in
            state.isRefreshing = isRefresh && rowsShown
        }
        showSavedRows()
    }

    /// Starts the page request `begin` makes, if any; `started` then updates the state in the
    /// same change. A newer request ends the refresh it replaces.
    private func loadPage(_ begin: (inout State) -> PageRequest<Int>?, started onStart: (inout State) -> Void = { $0.isRefreshing = false }) {
        let shownQuery = state.loadedQuery
        var started: PageRequest<Int>?
        change { state in
            started = begin(&state)
            if started != nil { onStart(&state) }
        }
        guard let request = started else { return }
        writtenSincePageRequest = [:]
        let query = state.loadedQuery
        // Called off (the screen left): back to idle with the rows and the query they answer, so
        // that coming back loads what is missing.
        let putBack: @MainActor (inout State) -> Void = { state in
            state.users.cancel(request)
            state.loadedQuery = shownQuery
            state.isRefreshing = false
            state.savedDataNotice?.isUpdating = false
        }
        store.run(WorkKey.page, onCancel: putBack) { [weak self, repository] in
            do throws(UserError) {
                let page = try await repository.users(page: request.cursor, size: request.pageSize, query: query.text, filter: query.filter)
                self?.pageArrived(page, for: request)
            } catch {
                self?.pageFailed(error, for: request)
            }
        }
    }

    /// While the first page of an empty list is on its way, shows the device's saved copy of it,
    /// if any: a second start shows the last list at once, marked "saved HH:MM · updating…".
    private func showSavedRows() {
        guard state.users.items.isEmpty, case .loading(let request) = state.users.status, request.isFirstPage else { return }
        let query = state.loadedQuery
        store.run(WorkKey.savedPage) { [weak self, repository] in
            guard let saved = await repository.savedUsers(page: request.cursor, size: request.pageSize, query: query.text, filter: query.filter) else { return }
            self?.savedRowsArrived(saved, for: request)
        }
    }

    private func savedRowsArrived(_ page: UserPage, for request: PageRequest<Int>) {
        // Only while the server's page is still on its way and nothing else is shown.
        guard case .loading(let current) = state.users.status, current == request, state.users.items.isEmpty,
              let savedAt = page.origin.savedAt else { return }
        let rows = page.users.compactMap(showingWrites)
        change { state in
            state.users.updateItems { $0 = rows }
            state.savedDataNotice = SavedDataNotice(savedAt: savedAt, isUpdating: true, failure: nil)
        }
    }

    /// `user` as the list shows it: a row being written shows what the user asked for (a row
    /// being deleted stays away, `nil`); a row written since the page was asked for shows what
    /// the server answered.
    private func showingWrites(_ user: User) -> User? {
        switch pendingWrites[user.id] {
        case .delete?:
            return nil
        case .toggle(let isActive)?:
            var row = user
            row.isActive = isActive
            return row
        case nil:
            if let written = writtenSincePageRequest[user.id] { return written }
            return user
        }
    }

    private func pageArrived(_ page: UserPage, for request: PageRequest<Int>) {
        // A page a newer request replaced changes nothing (not even the record of writes).
        guard case .loading(let current) = state.users.status, current == request else { return }
        // The page never undoes a write.
        let rows = page.users.compactMap(showingWrites)
        writtenSincePageRequest = [:]
        let notice = page.origin.savedAt.map { savedAt in
            SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: page.failure.flatMap { presenter.present($0) })
        }
        change { state in
            let next = page.hasMore ? request.cursor + 1 : nil
            state.users.complete(request, with: Page(items: rows, nextCursor: next))
            state.isRefreshing = false
            // The first page says what the list shows; a later saved page marks it too.
            if request.isFirstPage || notice != nil { state.savedDataNotice = notice }
        }
        if request.isFirstPage { analytics.track(.viewed(count: page.total)) }
    }

    private func pageFailed(_ error: UserError, for request: PageRequest<Int>) {
        guard let presentation = presenter.present(error) else {
            store.update {
                $0.users.cancel(request)
                $0.isRefreshing = false
                $0.savedDataNotice?.isUpdating = false
            }
            return
        }
        store.update {
            $0.users.fail(request, with: presentation)
            $0.isRefreshing = false
            $0.savedDataNotice?.isUpdating = false
        }
        analytics.track(.error(message: presentation.message))
    }

    private func loadStats() {
        store.run(WorkKey.stats) { [weak self, repository] in
            let stats = try? await repository.stats()
            self?.countsArrived(stats)
        }
    }

    private func countsArrived(_ stats: UserStats?) {
        if !pendingWrites.isEmpty { countsReadDuringAWrite = true }
        store.update { $0.activeCount = stats?.active }
    }

    /// Writes were answered: counts read before them (in flight, or arrived while they were
    /// pending) may miss them, so they are asked again once no write is pending.
    private func writesAnswered(_ userIDs: Set<Int>) {
        for userID in userIDs { pendingWrites[userID] = nil }
        guard pendingWrites.isEmpty else { return }
        if store.isRunning(WorkKey.stats) || countsReadDuringAWrite {
            countsReadDuringAWrite = false
            loadStats()
        }
    }

    // MARK: - Writes

    private func toggleActive(_ userID: Int) {
        guard let user = state.users.items.first(where: { $0.id == userID }), !state.pendingUserIDs.contains(userID) else { return }
        let isActive = !user.isActive
        pendingWrites[userID] = .toggle(isActive: isActive)
        change { state in
            state.pendingUserIDs.insert(userID)
            state.setActive(isActive, userID: userID)
        }
        if let writes {
            return queueFirst(.setActive(isActive, userID: userID), in: writes) { [weak self] in
                self?.toggleFailed(userID, wanted: isActive, .storage)
            }
        }
        store.run(WorkKey.write, policy: .queue) { [weak self, repository] in
            do throws(UserError) {
                let saved = try await repository.setActive(isActive, userID: userID)
                // An answer about another user is no answer: roll back and say so, rather than
                // leave the row pending for good.
                guard saved.id == userID else { throw .invalidData }
                self?.toggleSaved(saved)
            } catch {
                if await self?.queue(.setActive(isActive, userID: userID), after: error) == true { return }
                self?.toggleFailed(userID, wanted: isActive, error)
            }
        }
    }

    private func toggleSaved(_ user: User) {
        writtenSincePageRequest[user.id] = user
        writesAnswered([user.id])
        change { state in
            state.pendingUserIDs.remove(user.id)
            state.users.updateItems { items in
                if let index = items.firstIndex(where: { $0.id == user.id }) { items[index] = user }
            }
        }
        analytics.track(.toggled(userID: user.id, isActive: user.isActive))
    }

    private func toggleFailed(_ userID: Int, wanted isActive: Bool, _ error: UserError) {
        let presentation = presenter.present(error)
        writesAnswered([userID])
        change { state in
            state.pendingUserIDs.remove(userID)
            state.setActive(!isActive, userID: userID)
            if let presentation { state.alerts.enqueue(presentation) }
        }
        if let presentation { analytics.track(.error(message: presentation.message)) }
    }

    private func delete(_ userID: Int) {
        guard let position = state.users.items.firstIndex(where: { $0.id == userID }), !state.pendingUserIDs.contains(userID) else { return }
        let user = state.users.items[position]
        let predecessorID = position > 0 ? state.users.items[position - 1].id : nil
        pendingWrites[userID] = .delete
        change { state in
            state.pendingUserIDs.insert(userID)
            state.users.updateItems { $0.removeAll { $0.id == userID } }
            if user.isActive { state.moveActiveCount(by: -1) }
        }
        if let writes {
            return queueFirst(.delete(userID: userID), in: writes) { [weak self] in
                self?.deleteFailed(user, after: predecessorID, at: position, .storage)
            }
        }
        store.run(WorkKey.write, policy: .queue) { [weak self, repository] in
            do throws(UserError) {
                try await repository.deleteUser(userID)
                self?.deleteSaved(userID)
            } catch {
                if await self?.queue(.delete(userID: userID), after: error) == true { return }
                self?.deleteFailed(user, after: predecessorID, at: position, error)
            }
        }
    }

    private func deleteSaved(_ userID: Int) {
        writtenSincePageRequest[userID] = .some(nil)
        writesAnswered([userID])
        store.update { $0.pendingUserIDs.remove(userID) }
    }

    private func deleteFailed(_ user: User, after predecessorID: Int?, at position: Int, _ error: UserError) {
        let presentation = presenter.present(error)
        writesAnswered([user.id])
        change { state in
            state.pendingUserIDs.remove(user.id)
            state.users.updateItems { items in
                guard !items.contains(where: { $0.id == user.id }) else { return }
                let index = predecessorID.flatMap { id in items.firstIndex { $0.id == id }.map { $0 + 1 } }
                    ?? min(position, items.count)
                items.insert(user, at: index)
            }
            if user.isActive { state.moveActiveCount(by: 1) }
            if let presentation { state.alerts.enqueue(presentation) }
        }
        if let presentation { analytics.track(.error(message: presentation.message)) }
    }

    // MARK: - Writes waiting in the outbox

    /// Saves `write` in the outbox before anything is sent (a quit or a kill while the request
    /// is out loses nothing): the row stays as the user left it, pending, until the app's
    /// ``UserWriteDelivery`` has the server's answer. When the device cannot save it, `notSaved`
    /// rolls it back with an alert.
    private func queueFirst(_ write: UserWrite, in writes: Outbox<UserWrite>, notSaved: @escaping @MainActor () -> Void) {
        store.run(WorkKey.write, policy: .queue) { [weak self] in
            do {
                try await writes.enqueue(write)
                self?.queued.insert(write.userID)
            } catch {
                notSaved()
            }
        }
    }

    /// Puts a write the server could not take into the outbox, if there is one and the failure
    /// may pass; the row then stays as the user left it, pending.
    /// - Returns: whether it was queued (saved in the outbox).
    private func queue(_ write: UserWrite, after error: UserError) async -> Bool {
        guard let writes, error.isRetryable else { return false }
        do {
            try await writes.enqueue(write)
        } catch {
            return false
        }
        queued.insert(write.userID)
        return true
    }

    /// Follows the writes waiting in the outbox (after a restart, too): each is shown as done
    /// and pending, on the rows loaded now and on every page that arrives; one that left the
    /// outbox (delivered or refused) is pending no more.
    private func followQueuedWrites(_ writes: Outbox<UserWrite>) {
        queuedWatch = Task { [weak self] in
            guard let waiting = try? await writes.pendingChanges() else { return }
            for await entries in waiting {
                self?.showAsPending(entries.map(\.write))
            }
        }
    }

    private func showAsPending(_ waiting: [UserWrite]) {
        queuedWritesAnswered(queued.subtracting(waiting.map(\.userID)))
        change { state in
            for write in waiting {
                queued.insert(write.userID)
                state.pendingUserIDs.insert(write.userID)
                switch write {
                case .setActive(let isActive, let userID):
                    pendingWrites[userID] = .toggle(isActive: isActive)
                    state.setActive(isActive, userID: userID)   // moves the count only on a change
                case .delete(let userID):
                    pendingWrites[userID] = .delete
                    if let row = state.users.items.first(where: { $0.id == userID }), row.isActive { state.moveActiveCount(by: -1) }
                    state.users.updateItems { $0.removeAll { $0.id == userID } }
                }
            }
        }
    }

    /// The outbox delivered (or the server refused) these rows' waiting writes: they are pending
    /// no more, and the counts read meanwhile did not know them, so they are read again once no
    /// write is left.
    private func queuedWritesAnswered(_ userIDs: Set<Int>) {
        let answered = queued.intersection(userIDs)
        guard !answered.isEmpty else { return }
        queued.subtract(answered)
        countsReadDuringAWrite = true
        store.update { $0.pendingUserIDs.subtract(answered) }
        writesAnswered(answered)
    }

    // MARK: - Changes made on other screens

    /// Shows a write another screen made (the server confirmed it, or found the user gone): the
    /// row changes or leaves, and a page in flight, read before it, does not undo it.
    private func follow(_ userChange: UserChange) {
        if case .notSaved(let error) = userChange {
            if let presentation = presenter.present(error) { store.update { $0.alerts.enqueue(presentation) } }
            loadFirstPage()
            loadStats()
            return
        }
        guard let userID = userChange.userID else { return }
        queuedWritesAnswered([userID])
        if case .refused(_, let error) = userChange {
            // What the row shows was never saved: read the server's rows and counts again.
            if let presentation = presenter.present(error) { store.update { $0.alerts.enqueue(presentation) } }
            loadFirstPage()
            loadStats()
            return
        }
        var knewTheRow = false
        change { state in
            guard let index = state.users.items.firstIndex(where: { $0.id == userID }) else { return }
            knewTheRow = true
            switch userChange {
            case .saved(let user):
                state.setActive(user.isActive, userID: userID)   // the flag and the count
                state.users.updateItems { $0[index] = user }
            case .deleted, .gone:
                if state.users.items[index].isActive { state.moveActiveCount(by: -1) }
                state.users.updateItems { $0.remove(at: index) }
            case .refused, .notSaved:
                break
            }
        }
        switch userChange {
        case .saved(let user): writtenSincePageRequest[userID] = user
        case .deleted, .gone: writtenSincePageRequest[userID] = .some(nil)
        case .refused, .notSaved: break
        }
        if !knewTheRow { countsAreStale = true }
    }

    // MARK: - Updates

    /// An update that keeps `visibleUsers` in step with the rows, the search text and the filter.
    private func change(_ mutate: (inout State) -> Void) {
        store.update { state in
            mutate(&state)
            state.visibleUsers = search.visible(state.users.items, text: state.searchText, filter: state.filter)
        }
    }
}

extension UserListState {
    /// Sets a loaded user's active flag and the active count, by id.
    mutating func setActive(_ isActive: Bool, userID: Int) {
        var changed = false
        users.updateItems { items in
            guard let index = items.firstIndex(where: { $0.id == userID }), items[index].isActive != isActive else { return }
            items[index].isActive = isActive
            changed = true
        }
        guard changed else { return }
        moveActiveCount(by: isActive ? 1 : -1)
    }

    /// Moves the active count by `delta` (an optimistic write), staying within `0...Int.max`
    /// whatever count the server sent: data from the network never traps the app.
    mutating func moveActiveCount(by delta: Int) {
        activeCount = activeCount.map { count in
            let (sum, overflowed) = count.addingReportingOverflow(delta)
            return overflowed ? (delta > 0 ? .max : 0) : max(0, sum)
        }
    }
}
