import MVVMCore

// The paging recipe of `PagedList`'s documentation (and of `UserListViewModel`), written once for
// these tests: `PagedList` decides what to ask for and ignores stale answers, `run` owns the
// request, and its `onCancel` puts the list back to idle when the view leaves.
extension StateStore {
    /// Loads the next page of a ``PagedList`` in state, as owned work; does nothing when the
    /// list cannot load more (a page in flight, a failure awaiting retry, or the end reached).
    ///
    /// ```swift
    /// case .lastRowAppeared:
    ///     store.loadNextPage(\.users, key: "users") { [repository, query] request in
    ///         let users = try await repository.users(matching: query, page: request.cursor, size: request.pageSize)
    ///         return .numbered(users, page: request.cursor, pageSize: request.pageSize)
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: where the list lives in state.
    ///   - key: the owned-work key shared by this list's loads; a refresh under it cancels a
    ///     load in flight.
    ///   - presenter: turns a failure into what the user reads.
    ///   - fetch: fetches one page, off the main actor.
    /// - Returns: whether a request started.
    ///
    /// A page called off when the view disappears puts the list back to idle with the pages it
    /// had, so that the same page can be asked for when the view comes back.
    @discardableResult
    func loadNextPage<Item: Sendable, Cursor: Sendable>(
        _ keyPath: WritableKeyPath<State, PagedList<Item, Cursor>>,
        key: some Hashable & Sendable,
        presenter: ErrorPresenter = .default,
        fetch: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
    ) -> Bool {
        guard state[keyPath: keyPath].canLoadMore else { return false }
        return startPage(keyPath, key: key, presenter: presenter, fetch: fetch) { $0.beginNextPage() }
    }

    /// Reloads a ``PagedList`` from its first page, keeping its items visible until the page
    /// arrives; a load in flight under `key` is cancelled. Use it for pull to refresh.
    @discardableResult
    func refreshPages<Item: Sendable, Cursor: Sendable>(
        _ keyPath: WritableKeyPath<State, PagedList<Item, Cursor>>,
        key: some Hashable & Sendable,
        presenter: ErrorPresenter = .default,
        fetch: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
    ) -> Bool {
        startPage(keyPath, key: key, presenter: presenter, fetch: fetch) { $0.beginRefresh() }
    }

    /// Asks again for the page that failed, keeping the pages already loaded; does nothing
    /// when the last request did not fail.
    @discardableResult
    func retryPage<Item: Sendable, Cursor: Sendable>(
        _ keyPath: WritableKeyPath<State, PagedList<Item, Cursor>>,
        key: some Hashable & Sendable,
        presenter: ErrorPresenter = .default,
        fetch: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
    ) -> Bool {
        guard state[keyPath: keyPath].error != nil else { return false }
        return startPage(keyPath, key: key, presenter: presenter, fetch: fetch) { $0.beginRetry() }
    }

    private func startPage<Item: Sendable, Cursor: Sendable>(
        _ keyPath: WritableKeyPath<State, PagedList<Item, Cursor>>,
        key: some Hashable & Sendable,
        presenter: ErrorPresenter,
        fetch: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>,
        begin: (inout PagedList<Item, Cursor>) -> PageRequest<Cursor>?
    ) -> Bool {
        var started: PageRequest<Cursor>?
        update { started = begin(&$0[keyPath: keyPath]) }
        guard let request = started else { return false }
        let putBack: @MainActor (inout State) -> Void = { $0[keyPath: keyPath].cancel(request) }
        return run(key, policy: .latestWins, onCancel: putBack) { [weak self] in
            let result: Result<Page<Item, Cursor>, any Error>
            do {
                result = .success(try await fetch(request))
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            switch result {
            case .success(let page):
                update { $0[keyPath: keyPath].complete(request, with: page) }
            case .failure(let error):
                if let presentation = presenter.present(error) {
                    update { $0[keyPath: keyPath].fail(request, with: presentation) }
                } else {
                    update { $0[keyPath: keyPath].cancel(request) }
                }
            }
        }
    }
}
