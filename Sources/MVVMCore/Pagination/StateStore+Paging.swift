extension StateStore {
    /// Loads a page of a ``PagedList`` in state as owned work: the paging recipe, written once.
    ///
    /// `PagedList` decides what to ask for and ignores stale answers; the fetch runs under `key`
    /// (a newer load under it replaces one in flight); a page adds only rows whose id is not
    /// shown yet, so no row shows twice; a failure becomes the list's error, offering a retry;
    /// and when the view disappears the request is handed back, so the list is never left
    /// loading and the same page can be asked for again when it comes back.
    ///
    /// ```swift
    /// case .lastRowAppeared:
    ///     store.loadPage(.next, of: \.users, uniqueBy: \.id, key: "users") { [repository] request in
    ///         let page = try await repository.users(after: request.cursor, size: request.pageSize)
    ///         return Page(items: page.users, nextCursor: page.nextCursor)
    ///     }
    /// case .refreshPulled:
    ///     store.loadPage(.refresh, of: \.users, uniqueBy: \.id, key: "users") { … }
    /// ```
    ///
    /// - Parameters:
    ///   - load: the next page, the first page again, or the failed page again.
    ///   - keyPath: where the list lives in state.
    ///   - id: a row's identity (`\.id`, or `\.self` for a list of ids).
    ///   - key: the owned-work key of this list's loads.
    ///   - presenter: turns a failure into what the user reads; a failure it does not show (a
    ///     cancellation) hands the request back instead.
    ///   - started: more changes to make in the update that starts the request (a spinner, the
    ///     query the page answers).
    ///   - ended: more changes to make in the update that ends it: loaded, failed or called off.
    ///     Not called for a stale answer, which changes nothing.
    ///   - fetch: fetches one page, off the main actor.
    /// - Returns: whether a request started.
    @discardableResult
    public func loadPage<Item: Sendable, Cursor: Sendable, ID: Hashable>(
        _ load: PageLoad,
        of keyPath: WritableKeyPath<State, PagedList<Item, Cursor>>,
        uniqueBy id: any KeyPath<Item, ID> & Sendable,
        key: some Hashable & Sendable,
        presenter: ErrorPresenter = .default,
        started: (inout State) -> Void = { _ in },
        ended: @escaping @MainActor (inout State, PageLoadEnd<Item, Cursor>) -> Void = { _, _ in },
        fetch: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
    ) -> Bool {
        var begun: PageRequest<Cursor>?
        update { state in
            switch load {
            case .next: begun = state[keyPath: keyPath].beginNextPage()
            case .refresh: begun = state[keyPath: keyPath].beginRefresh()
            case .retry: begun = state[keyPath: keyPath].beginRetry()
            }
            if begun != nil { started(&state) }
        }
        guard let request = begun else { return false }
        let handBack: @MainActor (inout State) -> Void = { state in
            if state[keyPath: keyPath].cancel(request) { ended(&state, .cancelled(request)) }
        }
        return run(key, policy: .latestWins, onCancel: handBack) { [weak self] in
            let result: Result<Page<Item, Cursor>, any Error>
            do {
                result = .success(try await fetch(request))
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            switch result {
            case .success(let page):
                update { state in
                    if let added = state[keyPath: keyPath].complete(request, with: page, uniqueBy: id) { ended(&state, .loaded(added, request)) }
                }
            case .failure(let error):
                guard let presentation = presenter.presentation(for: error) else { return update(handBack) }
                update { state in
                    if state[keyPath: keyPath].fail(request, with: presentation) { ended(&state, .failed(presentation, request)) }
                }
            }
        }
    }
}
