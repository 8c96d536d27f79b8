public import MVVMCore

extension StateStore {
    /// Makes a ``LiveQuery`` whose result lives at `keyPath` of this store's state and whose query
    /// is the state's at `query`: every change of its rows, counts and paging state is one update
    /// there, every change of the query in state is followed (shown at once, asked of the server
    /// after `searchDebounce` if only its search text changed, else at once), and its requests
    /// are this store's owned work (called off when the view disappears, driven by a test as any
    /// work).
    ///
    /// ```swift
    /// users = store.liveQuery(\.users, records: records, named: "users", query: \.query, pageSize: 20,
    ///                         rules: .users, counts: [.active]) { [repository] request in
    ///     let page = try await repository.users(after: request.cursor, size: request.size, query: request.query)
    ///     return LivePage(records: page.users, nextCursor: page.nextCursor)
    /// }
    /// users.loadIfNeeded()
    /// store.update { $0.searchText = "jose" }   // the rows filtered at once, the server after 300 ms
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: where the result lives in state.
    ///   - records: the records every screen shares.
    ///   - name: the query's name, unique among this store's live queries: its work keys, and the
    ///     key of its counts saved on the device.
    ///   - query: where the state holds the query (a stored or computed property): the one shown
    ///     first, and each one after it.
    ///   - pageSize: how many records a page asks for (and the device's answer shows per page).
    ///   - rules: the server's filter and order, for the device's answer and for changes.
    ///   - counts: the counts to show beside the rows (``LiveRows/counts``).
    ///   - searchDebounce: how long the search text rests before the server is asked for it.
    ///   - presenter: turns a failed request into what the user reads; one it does not show (a
    ///     cancellation) ends nothing.
    ///   - ended: more changes to make in the update that ends a request, loaded, failed or
    ///     called off (an alert, analytics, a pull-to-refresh spinner put away).
    ///   - fetchCounts: the server's figure of each count, by name; saved on the device.
    ///   - fetch: one page from the server.
    public func liveQuery<Write: RecordWrite, Query: Hashable & Sendable, Cursor: Sendable>(
        _ keyPath: WritableKeyPath<State, LiveRows<Write.Record>>,
        records: RecordStore<Write>,
        named name: String,
        query: KeyPath<State, Query>,
        pageSize: Int,
        rules: LiveQueryRules<Write.Record, Query>,
        counts: [LiveCount<Write.Record>] = [],
        searchDebounce: Duration = .milliseconds(300),
        presenter: ErrorPresenter = .default,
        ended: @escaping @MainActor (inout State, LivePageEnd) -> Void = { _, _ in },
        fetchCounts: LiveQuery<Write, Query, Cursor>.FetchCounts? = nil,
        fetch: @escaping LiveQuery<Write, Query, Cursor>.Fetch
    ) -> LiveQuery<Write, Query, Cursor> {
        let live = LiveQuery<Write, Query, Cursor>(
            records: records, name: name, query: state[keyPath: query], pageSize: pageSize, rules: rules,
            counts: counts, searchDebounce: searchDebounce, presenter: presenter, fetchCounts: fetchCounts, fetch: fetch
        )
        let showResult: @MainActor (LiveRows<Write.Record>, LivePageEnd?) -> Void = { [weak self] result, end in
            self?.update { (state: inout State) in
                state[keyPath: keyPath] = result
                if let end { ended(&state, end) }
            }
        }
        let runWork: @MainActor (LiveQueryWork, WorkPolicy, (@MainActor () -> LivePageEnd?)?, @escaping @MainActor @Sendable () async -> Void) -> Void = {
            [weak self, weak live] work, policy, onCancel, operation in
            var cancel: (@MainActor (inout State) -> Void)?
            if let onCancel {
                cancel = { (state: inout State) in
                    let end = onCancel()
                    if let live { state[keyPath: keyPath] = live.result }
                    if let end { ended(&state, end) }
                }
            }
            self?.run(LiveQueryWorkKey(name: name, work: work), policy: policy, onCancel: cancel, operation: operation)
        }
        live.host = LiveQueryHost(
            showResult: showResult, runWork: runWork,
            cancelWork: { [weak self] work in self?.cancelWork(LiveQueryWorkKey(name: name, work: work)) }
        )
        update { $0[keyPath: keyPath] = live.result }
        live.queryObservation = subscribe(query, sendCurrent: false) { [weak live] query in live?.follow(query) }
        return live
    }
}

/// The owned-work key of a live query's requests: its name and which request.
struct LiveQueryWorkKey: Hashable, Sendable {
    let name: String
    let work: LiveQueryWork
}
