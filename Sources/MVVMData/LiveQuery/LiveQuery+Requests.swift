import MVVMCore

// The requests of a live query: a refresh or the next page asked of the server, and its answer
// merged into the records and the rows (or its failure shown, or its cancellation undone).
extension LiveQuery {
    func startRefresh(pulled: Bool = false) {
        generation += 1
        result.refresh = pulled && !result.rows.isEmpty ? .refreshing : .loading
        if result.nextPage.isLoading { result.nextPage = .idle }
        publish()
        request(LivePageRequest(query: query, cursor: nil, size: pageSize), generation: generation)
    }

    func startNextPage() {
        guard !result.refresh.isLoading, !result.nextPage.isLoading else { return }
        guard let loadedQuery else {
            // The device's answer: a page more of it.
            guard result.nextPage == .loaded || result.nextPage == .idle else { return }
            deviceAnswer.extend()
            showAll()
            return publish()
        }
        guard let cursor = nextCursor else { return }
        generation += 1
        result.nextPage = .loading
        publish()
        request(LivePageRequest(query: loadedQuery, cursor: cursor, size: pageSize), generation: generation)
    }

    func request(_ request: LivePageRequest<Query, Cursor>, generation: Int) {
        // Taken before the request: the page cannot undo a write answered after this.
        let read = records.beginRead()
        let fetch = fetch
        let load: PageLoad = request.isFirstPage ? .refresh : .next
        host?.run(.page, onCancel: { [weak self] in self?.calledOff(generation, load) }) { [weak self] in
            let answer: Result<LivePage<Record, Cursor>, any Error>
            do {
                answer = .success(try await fetch(request))
            } catch {
                answer = .failure(error)
            }
            self?.answered(request, generation: generation, read: read, with: answer)
        }
    }

    func answered(
        _ request: LivePageRequest<Query, Cursor>, generation: Int, read: RecordRead, with answer: Result<LivePage<Record, Cursor>, any Error>
    ) {
        guard generation == self.generation else { return }
        let load: PageLoad = request.isFirstPage ? .refresh : .next
        switch answer {
        case .success(let page):
            isMergingOwnPage = true
            records.merge(page.records, gone: page.gone, readAt: read)
            isMergingOwnPage = false
            if request.isFirstPage {
                loadedQuery = request.query
                pages.removeAll()
                pagesGeneration += 1
                result.refresh = .loaded
            }
            let firstNew = pages.count
            let ids = page.records.map(\.id)
            let shown = records.shownRows(for: ids)
            for item in ids.indices { _ = pages.append(ids[item], shown[item].row) }
            nextCursor = page.nextCursor
            result.nextPage = page.nextCursor == nil ? .reachedEnd : (request.isFirstPage ? .idle : .loaded)
            if request.isFirstPage || loadedQuery != query { showAll() } else { appendRows(from: firstNew) }
            publish(.loaded(load))
        case .failure(let error):
            guard let failure = presenter.presentation(for: error) else {
                if let end = calledOff(generation, load) { publish(end) }
                return
            }
            if request.isFirstPage {
                result.refresh = .failed(failure)
                // The server could not answer this query: the device answers it.
                if loadedQuery != request.query {
                    loadedQuery = nil
                    nextCursor = nil
                    result.nextPage = .idle
                    showAll()
                }
            } else {
                result.nextPage = .failed(failure)
            }
            publish(.failed(failure, load))
        }
    }

    /// A request was called off (the screen went away, or its answer was a cancellation):
    /// nothing is left loading. - Returns: how it ended, or `nil` for an older request.
    func calledOff(_ generation: Int, _ load: PageLoad) -> LivePageEnd? {
        guard generation == self.generation else { return nil }
        if result.refresh.isLoading { result.refresh = loadedQuery == nil ? .idle : .loaded }
        if result.nextPage.isLoading { result.nextPage = .idle }
        result.counts = shownCounts()
        return .calledOff(load)
    }
}
