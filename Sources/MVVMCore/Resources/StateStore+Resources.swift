extension StateStore {
    /// Keeps the resources of the rows around the visible ones loaded in `resources`, from the
    /// next change on: the rows at ``RowResources/visibleRows`` (positions in the list at `rows`,
    /// which the ViewModel sets when the view reports what it shows) and
    /// ``RowResources/prefetchMargin`` rows either side. Declare it once; then a new window, a new
    /// page, a search, a row whose source changed, and ``ViewModel/appear()`` load what the
    /// window holds, with no call:
    ///
    /// ```swift
    /// store.loadResources(\.avatars, for: \.users, id: \.id, source: \.avatarURL, from: avatarLoader)   // in init
    ///
    /// case .visibleRowsChanged(let rows):   // from the view, as it scrolls
    ///     store.update { $0.avatars.visibleRows = rows }
    /// ```
    ///
    /// - A row in the window with a source gets it from `loader`'s memory cache at once, or
    ///   ``RowResource/loading`` and a fetch, as owned work. Visible rows are asked for first (from
    ///   the bottom when the list moved down: they stay longest), then the rows below, then
    ///   above, and the loader starts this window's waiting fetches before older ones
    ///   (the loader prioritises them): a list scrolled faster than the network answers
    ///   spends its slots on what it shows now, not on rows it passed.
    /// - A row that leaves the window is forgotten, and its fetch cancelled (the loader goes on
    ///   only for other rows, or screens, that want the same source).
    /// - A failed row stays ``RowResource/failed(reason:)`` while it stays in the window, and is
    ///   tried again when it comes back.
    /// - The view disappearing cancels the fetches, and their rows go back to
    ///   ``RowResource/placeholder``; while it is gone, rows that change load nothing;
    ///   ``ViewModel/appear()`` loads the window again.
    ///
    /// Positions the view reports beyond the list are clamped: a view's numbers never trap.
    ///
    /// Only the window's rows are read: the cost of an update follows the window, not the list.
    /// So name the rows as state keeps them (a `ChunkedArray` of live rows, say), not a property
    /// that builds an array of every row on each read, which would cost a pass over the whole
    /// list per update (per scrolled frame).
    ///
    /// - Parameters:
    ///   - resources: the table in state.
    ///   - rows: the rows in the order the view shows them: any random-access collection indexed
    ///     by position (`Int`), such as an array.
    ///   - id: a row's identity: a resource is kept for an id, never for a position.
    ///   - source: what to load for a row (its avatar's URL); `nil` for none.
    ///   - loader: where resources come from.
    public func loadResources<Rows: RandomAccessCollection, ID, Source, Resource>(
        _ resources: WritableKeyPath<State, RowResources<ID, Resource>>,
        for rows: KeyPath<State, Rows>,
        id: KeyPath<Rows.Element, ID>,
        source: KeyPath<Rows.Element, Source?>,
        from loader: ResourceLoader<Source, Resource>
    ) where Rows.Index == Int {
        let window = TypedResourceWindow<ID, Source>()
        side.resourceWindows[resources]?.observation?.cancel()   // declared again: the new one counts
        side.resourceWindows[resources] = window
        let load: @MainActor () -> Void = { [weak self, weak window] in
            guard let self, let window, !side.resourcesPaused else { return }
            self.loadWindow(resources, for: rows, id: id, source: source, from: loader, into: window)
        }
        window.reload = load
        window.observation = addObserver { [weak window] state in
            guard let window, !window.isLoading else { return false }
            return window.isNews(in: state[keyPath: resources], rows: state[keyPath: rows], id: id, source: source)
        } deliver: { _ in load() }
    }

    /// Loads the window of every field ``loadResources(_:for:id:source:from:)`` follows: what
    /// ``ViewModel/appear()`` does, after a disappearing cancelled their fetches.
    func reloadResourceWindows() {
        guard let side = sideIfMade, !side.resourceWindows.isEmpty else { return }
        side.resourcesPaused = false
        for window in side.resourceWindows.values { window.reload?() }
    }

    /// Stops the windows loading until ``reloadResourceWindows()``: what ``ViewModel/disappear()``
    /// does before it cancels the fetches, so that rows changing behind another screen fetch nothing.
    func pauseResourceWindows() {
        guard let side = sideIfMade, !side.resourceWindows.isEmpty else { return }
        side.resourcesPaused = true
    }

    /// Brings `resources` to what its window holds now; see ``loadResources(_:for:id:source:from:)``.
    private func loadWindow<Rows: RandomAccessCollection, ID, Source, Resource>(
        _ resources: WritableKeyPath<State, RowResources<ID, Resource>>,
        for rows: KeyPath<State, Rows>,
        id: KeyPath<Rows.Element, ID>,
        source: KeyPath<Rows.Element, Source?>,
        from loader: ResourceLoader<Source, Resource>,
        into followed: TypedResourceWindow<ID, Source>
    ) where Rows.Index == Int {
        var table = state[keyPath: resources]
        let list = state[keyPath: rows]
        var changed = false
        // Scrolling down, the rows at the bottom stay on screen longest: they go first.
        let downward = followed.visibleRows.map { !$0.isEmpty && table.visibleRows.lowerBound > $0.lowerBound } ?? false
        followed.visibleRows = table.visibleRows
        // What the window's rows ask for, nearest the visible rows first.
        var wanted: [ID: Source] = [:]
        var order: [ID] = []
        var window: Set<RowSource<ID, Source>> = []
        let positions = Self.windowOrder(table.visibleRows, margin: table.prefetchMargin, count: list.count, downward: downward)
        for index in positions {
            let row = list[list.startIndex + index]
            window.insert(RowSource(id: row[keyPath: id], source: row[keyPath: source]))
            guard let rowSource = row[keyPath: source], wanted[row[keyPath: id]] == nil else { continue }
            wanted[row[keyPath: id]] = rowSource
            order.append(row[keyPath: id])
        }
        followed.rows = window
        followed.count = positions.count
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
        followed.isLoading = true
        update(cancelling: cancelled) { $0[keyPath: resources] = table }
        followed.isLoading = false
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
        let (shown, window) = Self.window(visible, margin: margin, count: count)
        let below = shown.upperBound..<window.upperBound
        let above = window.lowerBound..<shown.lowerBound
        return (downward ? Array(shown.reversed()) : Array(shown)) + Array(below) + above.reversed()
    }

    /// The visible positions clamped to a list of `count` rows, and the window around them
    /// (`margin` rows either side, within the list): one range of positions.
    static func window(_ visible: Range<Int>, margin: Int, count: Int) -> (shown: Range<Int>, window: Range<Int>) {
        let lower = min(max(0, visible.lowerBound), count)
        let upper = min(max(lower, visible.upperBound), count)
        let margin = min(margin, count)
        return (lower..<upper, max(0, lower - margin)..<min(count, upper + margin))
    }
}

/// A row of a resources window, as ``StateStore/loadResources(_:for:id:source:from:)`` follows
/// it: its identity and what it loads.
struct RowSource<ID: Hashable, Source: Hashable>: Hashable {
    let id: ID
    let source: Source?
}

/// What the window of one `RowResources` field held when last loaded, for the observer that
/// follows it and for ``ViewModel/appear()``.
@MainActor
class ResourceWindow {
    /// How many positions the window held.
    var count = 0
    /// The visible rows it was loaded for; `nil` before the first load.
    var visibleRows: Range<Int>?
    /// Set while the load's own update runs: the observer skips it.
    var isLoading = false
    /// Loads the window again.
    var reload: (@MainActor () -> Void)?
    /// The observer that follows the rows.
    var observation: ObservationToken?
}

/// A ``ResourceWindow`` with the rows it held, by their types: a check allocates nothing.
final class TypedResourceWindow<ID: Hashable, Source: Hashable>: ResourceWindow {
    /// The window's rows: their ids and sources.
    var rows: Set<RowSource<ID, Source>> = []

    /// Whether `table`'s window over `list` holds other rows, or other sources, or other
    /// visible rows, than when last loaded: a pass over the window, none over the list, and no
    /// allocation (the window is one range of positions).
    func isNews<Rows: RandomAccessCollection, Resource>(
        in table: RowResources<ID, Resource>, rows list: Rows, id: KeyPath<Rows.Element, ID>, source: KeyPath<Rows.Element, Source?>
    ) -> Bool where Rows.Index == Int {
        guard table.visibleRows == visibleRows else { return true }
        let window = StateStore<Int>.window(table.visibleRows, margin: table.prefetchMargin, count: list.count).window
        guard window.count == count else { return true }
        return window.contains { index in
            let row = list[list.startIndex + index]
            return !rows.contains(RowSource(id: row[keyPath: id], source: row[keyPath: source]))
        }
    }
}

/// The owned work that fetches one row's resource: one per row id and table.
struct ResourceWorkKey<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    let table: String
    let id: ID

    var description: String { "resource(\(table), \(id))" }
}
