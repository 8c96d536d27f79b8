public import MVVMCore

extension StateStore {
    /// Makes a ``LiveRecordQuery`` whose ``LiveRecord`` lives at `keyPath` of this store's state:
    /// the record `id` as every screen shows it, at once when the records know it, kept true
    /// after every change; its request is this store's owned work (called off when the view
    /// disappears). Keep the returned query for the screen's life: it follows the records while
    /// it lives.
    ///
    /// ```swift
    /// book = store.liveRecord(\.book, records: books, id: bookID) { [api] id in
    ///     try await api.book(id: id)   // nil when the server has no such book
    /// }
    /// book.loadIfNeeded()   // when the view appears
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: where the record lives in state.
    ///   - records: the records every screen shares.
    ///   - id: the record's id.
    ///   - presenter: turns a failed request into what the user reads; one it does not show (a
    ///     cancellation) ends the load with nothing shown.
    ///   - fetch: the record from the server; `nil` when the server has none.
    public func liveRecord<Write: RecordWrite>(
        _ keyPath: WritableKeyPath<State, LiveRecord<Write.Record>>,
        records: RecordStore<Write>,
        id: Write.Record.ID,
        presenter: ErrorPresenter = .default,
        fetch: @escaping LiveRecordQuery<Write>.Fetch
    ) -> LiveRecordQuery<Write> {
        let live = LiveRecordQuery(records: records, id: id, presenter: presenter, fetch: fetch)
        live.show = { [weak self] result in self?.update { $0[keyPath: keyPath] = result } }
        live.runWork = { [weak self] onCancel, operation in
            self?.run(LiveRecordWorkKey(id: "\(id)"), policy: .latestWins, onCancel: { $0[keyPath: keyPath] = onCancel() }, operation: operation)
        }
        update { $0[keyPath: keyPath] = live.result }
        return live
    }
}

/// The owned-work key of a live record's request.
struct LiveRecordWorkKey: Hashable, Sendable {
    let id: String
}
