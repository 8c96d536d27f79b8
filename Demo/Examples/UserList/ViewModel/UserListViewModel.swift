public import MVVMCore
public import MVVMData

/// The user list (the articles' `UserListViewModel`, the best version of it): keyset pages, a
/// debounced search, a status filter, the active count, toggle and delete pending at once and
/// kept until the server answers, pull to refresh, alerts that show once, and analytics.
///
/// The list is a ``LiveQuery`` over ``UserRecords``, which every screen shares: it declares what
/// it shows, and the library keeps ``UserListState/users`` true — a toggle on the user's detail,
/// the server's answer, a refusal rolled back, and offline, every user the device has seen.
@MainActor
public final class UserListViewModel: ViewModel {
    /// The screen's state.
    public typealias State = UserListState
    /// The screen's events.
    public typealias Event = UserListEvent
    /// What the list tells the ViewModel that made it.
    public typealias Delegate = UserListDelegate

    /// Where the list says what happened (its parent connects).
    public let delegate = DelegateOutput<Delegate>()

    /// Users per page.
    public nonisolated static let pageSize = 20

    private let store: StateStore<State>   // only this class writes the state
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let records: UserRecords
    private let analytics: any AnalyticsTracker
    private let presenter = ErrorPresenter()   // エラー / Error, as article 000's alert
    private let users: LiveQuery<UserWrite, State.Query, String>

    /// Creates the ViewModel over `records`, the users every screen shows and where toggles and
    /// deletes go: pages and counts from `repository`, pictures from `avatars` (`nil`: initials).
    public init(
        repository: any UserRepository = Dependencies.current.users,
        records: UserRecords,
        analytics: any AnalyticsTracker = NoAnalytics(),
        avatars: AvatarLoader? = Dependencies.current.avatars
    ) {
        self.records = records
        self.analytics = analytics
        store = StateStore(State())   // on Dependencies' clock: the search's debounce
        // The search text survives a kill, and another screen's change shows here.
        store.share(\.searchText, with: Dependencies.current.sharedValues.value(.userSearch))
        users = store.liveQuery(
            \.users, records: records, named: "users", query: \.query, pageSize: Self.pageSize,
            rules: .users, counts: [.active], presenter: presenter,
            ended: { [analytics] state, end in Self.pageEnded(end, in: &state, analytics: analytics) },
            fetchCounts: { [.active: try await repository.stats().active] }
        ) { [analytics] request in
            let page = try await repository.users(after: request.cursor, size: request.size, query: request.query.text, filter: request.query.filter)
            if request.cursor == nil { analytics.track(.viewed(count: page.total)) }
            return LivePage(records: page.users, nextCursor: page.nextCursor)
        }
        records.onWriteFailure { [weak self] failure in self?.writeFailed(failure) }.store(in: store)
        // The pictures of the rows on screen and around them, whatever changes the rows or the window.
        if let avatars { store.loadResources(\.avatars, for: \.users.rows, id: \.id, source: \.record.avatarPath, from: avatars) }
    }

    /// Handles one event from the screen.
    public func onEvent(_ event: Event) {
        switch event {
        case .refreshPulled: users.load(.refresh)
        case .lastRowsAppeared: users.load(.next)
        case .searchTextChanged(let text): store.update { $0.searchText = text }   // the server after 300 ms
        case .filterTapped: store.update { $0.navigation.present(.filterSheet(current: $0.filter)) }
        case .filterSelected(let filter): store.update { $0.filter = filter }   // the sheet closes itself
        case .retryTapped: users.load(.retry)   // from the failed page's alert, or the rows' place
        case .toggleActiveTapped(let userID):
            guard let row = state.users.rows.first(where: { $0.id == userID }), row.pending == nil else { return }
            records.write(.setActive(!row.record.isActive, userID: userID)) { [analytics] answer in   // the server took it
                answer.map { analytics.track(.toggled(userID: userID, isActive: $0.isActive)) }   // (never if refused)
            }
        case .deleteTapped(let userID):
            guard let row = state.users.rows.first(where: { $0.id == userID }), row.pending == nil else { return }
            store.update { $0.navigation.present(.deleteConfirmation(of: row.record)) }
        case .deleteConfirmed(let userID):
            guard state.navigation.modal?.offers(event) == true,   // the question shown: closes when done
                  state.users.rows.contains(where: { $0.id == userID && $0.pending == nil }) else { return }
            records.write(.delete(userID: userID))
        case .navigation(let event): store.update { $0.navigation.handle(event) }
        case .rowOpened(let userID):
            guard state.users.rows.contains(where: { $0.id == userID }) else { return }
            delegate.send(.userOpened(id: userID))
        case .visibleRowsChanged(let rows): store.update { $0.avatars.visibleRows = rows }   // their pictures load
        }
    }

    /// Loads the first page and the counts, unless loaded for the current search and filter.
    public func didAppear() {
        users.loadIfNeeded()
    }

    /// A request of the list ended: a failed page over the server's rows (where the failure shows
    /// nowhere else) is article 000's エラー alert, with a retry.
    private static func pageEnded(_ end: LivePageEnd, in state: inout State, analytics: any AnalyticsTracker) {
        guard case .failed(let failure, _) = end else { return }
        analytics.track(.error(message: failure.message.description))
        if !state.users.rows.isEmpty, state.users.origin == .network { state.navigation.present(.pageFailure(failure)) }
    }

    /// A write failed: one alert, when this screen is on top.
    private func writeFailed(_ failure: RecordWriteFailure<UserWrite>) {
        guard let presentation = presenter.presentation(for: UserError(failure)) else { return }
        store.update { $0.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss))) }
        analytics.track(.error(message: presentation.message.description))
    }
}
