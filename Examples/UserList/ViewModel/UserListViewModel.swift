public import MVVMCore
public import MVVMData

/// The user list (the articles' `UserListViewModel`, the best version of it): keyset pages that
/// never skip or repeat a row, a debounced search whose latest query wins, a status filter, the
/// active count, toggle and delete pending at once, shown once saved on the device and kept until
/// the server answers, pull to refresh, alerts that show once, and analytics.
///
/// The rows are read from ``UserRecords``, which every screen shares: a toggle on the user's
/// detail shows here as soon as it is saved, a write waiting for the network shows pending (after a restart
/// too), and the server's answer, or a refusal rolled back with one alert, reaches every
/// screen. The list keeps only which users its pages listed, in ``UserListState/users``.
///
/// ```swift
/// let viewModel = UserListViewModel(repository: repository, records: records)
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
    private let records: UserRecords
    private let analytics: any AnalyticsTracker
    private let avatars: AvatarLoader?
    private let presenter = ErrorPresenter(fallbackTitle: "ユーザー", fallbackMessage: "問題が発生しました。もう一度お試しください。")
    /// Caches of what ``UserListState/visibleUsers`` is computed from: the rows through the
    /// records, and their search index.
    private let shownRows = ShownRows()
    private let search = LocalUserSearch()
    /// Keeps this screen following ``records`` for as long as it lives.
    private var tokens: [ObservationToken] = []

    private enum WorkKey: Hashable, Sendable {
        case query, page, stats, savedPage
    }

    /// Creates the ViewModel.
    ///
    /// - Parameters:
    ///   - repository: where pages and counts come from.
    ///   - records: the users every screen shows, and where toggles and deletes go.
    ///   - analytics: where analytics events go.
    ///   - avatars: where the users' pictures come from; `nil` for none (rows show initials).
    ///   - clock: the clock of the search debounce.
    public init(
        repository: any UserRepository,
        records: UserRecords,
        analytics: any AnalyticsTracker = NoAnalytics(),
        avatars: AvatarLoader? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.repository = repository
        self.records = records
        self.analytics = analytics
        self.avatars = avatars
        self.store = StateStore(State(), clock: clock)
        tokens = [
            records.observe { [weak self] change in self?.recordsChanged(change) },
            records.presentFailures { [weak self] failure in self?.present(failure) },
        ]
    }

    /// Handles one event from the screen.
    public func onEvent(_ event: Event) {
        store.trace(event)   // for a change log, if one is attached (MVVMLogging)
        switch event {
        case .refreshPulled:
            loadPage(.refresh, isPullToRefresh: true)
            loadStats()
        case .lastRowsAppeared:
            loadPage(.next)
        case .searchTextChanged(let text):
            guard text != state.searchText else { return }
            change { $0.searchText = text }
            store.run(WorkKey.query, policy: .debounce(for: Self.searchDebounce)) { [weak self] in
                self?.loadPage(.refresh)
            }
        case .filterSelected(let filter):
            guard filter != state.filter else { return }
            change { $0.filter = filter }
            store.cancelWork(WorkKey.query)
            loadPage(.refresh)
        case .retryTapped:
            // From the failed page's alert, or from the failure drawn in place of the rows.
            if state.navigation.modal?.offers(event) == true { store.update { $0.navigation.handle(.dismiss) } }
            loadPage(.retry)
        case .toggleActiveTapped(let userID):
            guard let user = state.visibleUsers.first(where: { $0.id == userID }), !records.isPending(userID) else { return }
            records.write(.setActive(!user.isActive, userID: userID))
            analytics.track(.toggled(userID: userID, isActive: !user.isActive))
        case .deleteTapped(let userID):
            guard let user = state.visibleUsers.first(where: { $0.id == userID }), !records.isPending(userID) else { return }
            store.update { $0.navigation.present(.deleteConfirmation(of: user)) }
        case .deleteConfirmed(let userID):
            guard state.navigation.modal?.offers(event) == true else { return }
            store.update { $0.navigation.handle(.dismiss) }
            guard state.visibleUsers.contains(where: { $0.id == userID }), !records.isPending(userID) else { return }
            records.write(.delete(userID: userID))
        case .navigation(let event):
            store.update { $0.navigation.handle(event) }
        case .visibleRowsChanged(let rows):
            loadAvatars(visible: rows)
        }
    }

    /// Keeps the pictures of the rows on screen (`visible`, or the ones last reported) and
    /// around them loaded.
    private func loadAvatars(visible: Range<Int>? = nil) {
        guard let avatars else { return }
        store.loadResources(\.avatars, for: \.visibleUsers, id: \.id, source: \.avatarPath, visible: visible, from: avatars)
    }

    /// Loads the first page and the counts, unless they are loaded for the current search and
    /// filter.
    public func didAppear() {
        let current = State.Query(text: state.searchText, filter: state.filter)
        if state.users.loadedPageCount == 0 || state.loadedQuery != current, !state.users.isLoading { loadPage(.refresh) }
        if state.countedActive == nil { loadStats() }
    }

    // MARK: - Pages

    /// Starts a page load; a first page is for the current search text and filter, and the rows
    /// stay until it arrives (``UserListState/loadedQuery`` then says which query they answer).
    /// A further page is for the query of the pages loaded. Every page merges into ``records``.
    private func loadPage(_ load: PageLoad, isPullToRefresh: Bool = false) {
        let query = load == .refresh ? State.Query(text: state.searchText, filter: state.filter) : state.loadedQuery
        let rowsShown = !state.users.items.isEmpty
        // Taken before the request: the page cannot undo a write answered after this.
        let read = records.beginRead()
        let started = store.loadPage(load, of: \.users, uniqueBy: \.id, key: WorkKey.page, presenter: presenter) { state in
            state.isRefreshing = isPullToRefresh && rowsShown
        } ended: { [weak self] state, end in
            self?.pageEnded(end, in: &state, query: query)
        } fetch: { [records, repository, analytics, presenter] request in
            let page = try await repository.users(after: request.cursor.value, size: request.pageSize, query: query.text, filter: query.filter)
            if page.origin == .network { await records.merge(page.users, readAt: read) }
            if request.isFirstPage { analytics.track(.viewed(count: page.total)) }
            return Page(items: page.users, nextCursor: page.nextCursor.map(UserCursor.after), origin: page.origin, failure: page.failure.flatMap { presenter.present($0) })
        }
        if started, load == .refresh { showSavedRows(for: query) }
    }

    private func pageEnded(_ end: PageLoadEnd<User, UserCursor>, in state: inout State, query: State.Query) {
        state.isRefreshing = false
        state.savedDataNotice?.isUpdating = false
        switch end {
        case .loaded(let page, let request):
            // The first page says what the list shows; a later saved page marks it too.
            if request.isFirstPage { state.loadedQuery = query }
            if request.isFirstPage || page.origin != .network {
                state.savedDataNotice = page.origin.savedAt.map { SavedDataNotice(savedAt: $0, isUpdating: false, failure: page.failure) }
            }
        case .failed(let presentation, _):
            analytics.track(.error(message: presentation.message))
            // With rows on screen, the failure is drawn nowhere else: the article's エラー alert,
            // which offers a retry. The rows stay.
            if !state.visibleUsers.isEmpty { state.navigation.present(.pageFailure(presentation)) }
        case .cancelled:
            break   // the rows still answer the loaded query: coming back loads what is missing
        }
        showRecords(in: &state)
    }

    /// While the first page of an empty list is on its way, shows the device's saved copy of it,
    /// if any: a second start shows the last list at once, marked "saved HH:MM · updating…".
    private func showSavedRows(for query: State.Query) {
        guard state.users.items.isEmpty, case .loading(let request) = state.users.status else { return }
        store.run(WorkKey.savedPage) { [weak self, repository] in
            guard let saved = await repository.savedUsers(after: nil, size: request.pageSize, query: query.text, filter: query.filter),
                  let savedAt = saved.origin.savedAt else { return }
            self?.change { state in
                // Only while the server's page is still on its way and nothing else is shown.
                guard case .loading(let current) = state.users.status, current == request, state.users.items.isEmpty else { return }
                state.users.updateItems { $0 = saved.users }
                state.savedDataNotice = SavedDataNotice(savedAt: savedAt, isUpdating: true, failure: nil)
            }
        }
    }

    private func loadStats() {
        store.run(WorkKey.stats) { [weak self, repository] in
            let stats = try? await repository.stats()
            self?.change { $0.countedActive = stats?.active }
        }
    }

    // MARK: - Records

    /// Users changed on some screen, or the server answered a write: the rows follow. A write
    /// the server took is in its counts now, so the count shown stays as it is (no flicker),
    /// and is read again once no write is left.
    private func recordsChanged(_ recordChange: RecordChange<Int>) {
        shownRows.recordsChanged(recordChange.ids)
        change { state in
            guard recordChange.reason == .committed, let shown = state.activeCount else { return }
            state.countedActive = Self.moving(shown, by: -pendingActiveDelta())
        }
        switch recordChange.reason {
        case .committed where records.pendingIDs.isEmpty:
            loadStats()
        case .writesLost:
            // Writes kept on the device were lost: what the rows show may be wrong.
            loadPage(.refresh)
            loadStats()
        default:
            break
        }
    }

    /// A write failed: one alert, when this screen is on top.
    private func present(_ failure: RecordWriteFailure<UserWrite>) {
        guard let presentation = presenter.present(UserError(failure)) else { return }
        store.update { $0.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss))) }
        analytics.track(.error(message: presentation.message))
    }

    /// An update that keeps the rows, the pending marks and the active count in step with the
    /// pages, ``records``, the search text and the filter.
    private func change(_ mutate: (inout State) -> Void) {
        store.update { state in
            mutate(&state)
            showRecords(in: &state)
        }
        loadAvatars()   // the rows may be others now
    }

    private func showRecords(in state: inout State) {
        let rows = shownRows.rows(of: state.users.items, through: records)
        state.visibleUsers = search.visible(rows, text: state.searchText, filter: state.filter)
        state.pendingUserIDs = records.pendingIDs
        state.activeCount = state.countedActive.map { Self.moving($0, by: pendingActiveDelta()) }
    }

    /// How the writes the server has not answered move the active count.
    private func pendingActiveDelta() -> Int {
        records.pendingIDs.reduce(0) { delta, id in
            guard let before = records.confirmedValue(for: id) else { return delta }
            let after = records.value(for: id)?.isActive ?? false
            return delta + (after ? 1 : 0) - (before.isActive ? 1 : 0)
        }
    }

    /// `count` moved by `delta`, within `0...Int.max` whatever count the server sent: data
    /// from the network never traps the app.
    private static func moving(_ count: Int, by delta: Int) -> Int {
        let (sum, overflowed) = count.addingReportingOverflow(delta)
        return overflowed ? (delta > 0 ? .max : 0) : max(0, sum)
    }
}

extension Alert<UserListEvent> {
    /// The article's エラー alert, for a refresh or a further page that failed while rows are on
    /// screen: OK, and a retry of the page.
    public static func pageFailure(_ failure: ErrorPresentation) -> Self {
        Alert(title: "エラー", message: failure.message, buttons: [
            AlertButton("OK", role: .cancel, sends: .navigation(.dismiss)),
            AlertButton("再試行", sends: .retryTapped),
        ])
    }

    /// The question before a row's delete: Delete, or Cancel.
    public static func deleteConfirmation(of user: User) -> Self {
        Alert(title: "Delete", message: "Delete \(user.name)?", buttons: [
            AlertButton("Delete", role: .destructive, sends: .deleteConfirmed(userID: user.id)),
            AlertButton("Cancel", role: .cancel, sends: .navigation(.dismiss)),
        ])
    }
}
