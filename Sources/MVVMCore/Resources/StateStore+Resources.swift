extension StateStore {
    /// Keeps the resources of the rows around the visible ones loaded in `resources`: the rows
    /// at `visible` (positions in the list at `rows`) and ``RowResources/prefetchMargin`` rows
    /// either side. Call it when the view reports what it shows, and again whenever the rows
    /// change (a new page, a search): with `visible` left out, the last reported rows count.
    ///
    /// - A row in the window with a source gets it from `loader`'s memory cache at once, or
    ///   ``RowResource/loading`` and a fetch, as owned work. Visible rows are asked for first (from
    ///   the bottom when the list moved down: they stay longest), then the rows below, then
    ///   above, and the loader starts this window's waiting fetches before older ones
    ///   (``ResourceLoader/prioritize(_:)``): a list scrolled faster than the network answers
    ///   spends its slots on what it shows now, not on rows it passed.
    /// - A row that leaves the window is forgotten, and its fetch cancelled (the loader goes on
    ///   only for other rows, or screens, that want the same source).
    /// - A failed row stays ``RowResource/failed(reason:)`` while it stays in the window, and is
    ///   tried again when it comes back.
    /// - The view disappearing cancels the fetches, and their rows go back to
    ///   ``RowResource/placeholder``.
    ///
    /// Positions the view reports beyond the list are clamped: a view's numbers never trap.
    ///
    /// Only the window's rows are read: the cost of a call follows the window, not the list. So
    /// name the rows as state keeps them (a `ChunkedArray` of live rows, say), not a property that
    /// builds an array of every row on each read, which would cost a pass over the whole list per
    /// call (per scrolled frame).
    ///
    /// - Parameters:
    ///   - resources: the table in state.
    ///   - rows: the rows in the order the view shows them: any random-access collection indexed
    ///     by position (`Int`), such as an array.
    ///   - id: a row's identity: a resource is kept for an id, never for a position.
    ///   - source: what to load for a row (its avatar's URL); `nil` for none.
    ///   - visible: the positions on screen; `nil` keeps the ones last reported.
    ///   - loader: where resources come from.
    public func loadResources<Rows: RandomAccessCollection, ID, Source, Resource>(
        _ resources: WritableKeyPath<State, RowResources<ID, Resource>>,
        for rows: KeyPath<State, Rows>,
        id: KeyPath<Rows.Element, ID>,
        source: KeyPath<Rows.Element, Source?>,
        visible: Range<Int>? = nil,
        from loader: ResourceLoader<Source, Resource>
    ) where Rows.Index == Int {
        var table = state[keyPath: resources]
        let list = state[keyPath: rows]
        var changed = false
        // Scrolling down, the rows at the bottom stay on screen longest: they go first.
        var downward = false
        if let visible, visible != table.visibleRows {
            downward = !table.visibleRows.isEmpty && visible.lowerBound > table.visibleRows.lowerBound
            table.visibleRows = visible
            changed = true
        }
        // What the window's rows ask for, nearest the visible rows first.
        var wanted: [ID: Source] = [:]
        var order: [ID] = []
        for index in Self.windowOrder(table.visibleRows, margin: table.prefetchMargin, count: list.count, downward: downward) {
            let row = list[list.startIndex + index]
            guard let rowSource = row[keyPath: source], wanted[row[keyPath: id]] == nil else { continue }
            wanted[row[keyPath: id]] = rowSource
            order.append(row[keyPath: id])
        }
        // Rows that left the window, or whose source changed, are forgotten.
        var cancelled: [WorkKey] = []
        // Names the rows' work; made only when some work starts or is cancelled.
        lazy var tableName = String(describing: resources)
        for (rowID, entry) in table.entries where wanted[rowID].map(WorkKey.init) != entry.source {
            table.entries[rowID] = nil
            changed = true
            if case .loading = entry.phase { cancelled.append(WorkKey(ResourceWorkKey(table: tableName, id: rowID))) }
        }
        var starts: [(ID, Source)] = []
        for rowID in order where table.entries[rowID] == nil {
            let rowSource = wanted[rowID]!
            if let resource = loader.cached(rowSource) {
                table.entries[rowID] = .init(source: WorkKey(rowSource), phase: .loaded(resource))
            } else {
                table.entries[rowID] = .init(source: WorkKey(rowSource), phase: .loading)
                starts.append((rowID, rowSource))
            }
            changed = true
        }
        guard changed else { return }
        // Waiting fetches for this window go first, before any cancellation below frees a slot.
        loader.prioritize(order.map { wanted[$0]! })
        update(cancelling: cancelled) { $0[keyPath: resources] = table }
        for (rowID, rowSource) in starts {
            startResourceFetch(rowSource, for: rowID, in: resources, tableName: tableName, from: loader)
        }
    }

    private func startResourceFetch<ID, Source, Resource>(
        _ source: Source,
        for id: ID,
        in resources: WritableKeyPath<State, RowResources<ID, Resource>>,
        tableName: String,
        from loader: ResourceLoader<Source, Resource>
    ) {
        let sourceKey = WorkKey(source)
        // Sets the row's phase, if it still waits for this source.
        let settle: @MainActor (inout State, RowResource<Resource>?) -> Void = { state, phase in
            guard let entry = state[keyPath: resources].entries[id], entry.source == sourceKey, case .loading = entry.phase else { return }
            state[keyPath: resources].entries[id] = phase.map { .init(source: sourceKey, phase: $0) }
        }
        run(ResourceWorkKey(table: tableName, id: id), onCancel: { settle(&$0, nil) }) { [weak self] in
            let phase: RowResource<Resource>
            do {
                phase = .loaded(try await loader.load(source))
            } catch {
                guard !Task.isCancelled else { return }   // the row left: onCancel, or nothing
                phase = .failed(reason: String(describing: error))
            }
            self?.update { settle(&$0, phase) }
        }
    }

    /// The positions of the window around `visible`, in the order their resources are wanted,
    /// those that stay on screen longest first: the visible rows from the top, then those below,
    /// then those above, nearest first; scrolling down (`downward`), the visible rows from the
    /// bottom, then those below, then those above.
    static func windowOrder(_ visible: Range<Int>, margin: Int, count: Int, downward: Bool = false) -> [Int] {
        let lower = min(max(0, visible.lowerBound), count)
        let upper = min(max(lower, visible.upperBound), count)
        let below = upper..<min(count, upper + min(margin, count))
        let above = max(0, lower - min(margin, count))..<lower
        let shown = downward ? Array((lower..<upper).reversed()) : Array(lower..<upper)
        return shown + Array(below) + above.reversed()
    }
}

/// The owned work that fetches one row's resource: one per row id and table.
struct ResourceWorkKey<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    let table: String
    let id: ID

    var description: String { "resource(\(table), \(id))" }
}
