import Foundation
import MVVMCollections
import MVVMCore

/// A list a screen declares, kept true by the library: the rows of a query over a
/// ``RecordStore``, online and offline, with their pending marks, counts and paging state, in one
/// ``LiveRows`` value the screen binds into its `State`
/// (`StateStore.liveQuery(_:records:named:query:pageSize:rules:counts:searchDebounce:presenter:ended:fetchCounts:fetch:)`).
///
/// The screen says what it shows (the query, its ``LiveQueryRules``, how the server is asked for
/// a page and for the counts); the live query owns the rest, once, for every screen:
/// - **The cursor and the pages.** ``load(_:)`` asks for the first page (a refresh), the next
///   one, or the failed one again. Each page is merged into the records
///   (``RecordStore/merge(_:gone:readAt:)``, read ordering included: a page read before a write
///   was answered never undoes it); a row the server sends twice shows once.
/// - **Every change, as it happens.** A write on any screen, its answer, a refusal, another
///   screen's page: the rows and counts follow in one update, from the ids that changed (the
///   cost grows with them, not with the records held), and ``AppliedRows`` hands a table view
///   each change of the rows once.
/// - **The query, from the screen's state.** The live query follows the query its screen's state
///   declares: a change shows at once, from the rows loaded (a keystroke filters them without
///   asking the server), and asks the server, once the search text has rested
///   (`searchDebounce`) if only the text changed, else at once (a filter chosen).
/// - **Offline.** Until the server answers a query, and when it cannot, the query is answered
///   from every record the device has seen, by the same rules, marked
///   ``LiveRows/origin`` `.saved(at:)`. After a restart the same rows, pending marks and
///   counts are back before the network answers.
///
/// A live query's requests are its screen's owned work: they end when the screen disappears or
/// is released, and a test drives them as it drives any work.
@MainActor
public final class LiveQuery<Write: RecordWrite, Query: Hashable & Sendable, Cursor: Sendable> {
    /// The kind of record.
    public typealias Record = Write.Record
    /// A record's id.
    public typealias ID = Record.ID
    /// Fetches one page from the server, off the main actor.
    public typealias Fetch = @Sendable (LivePageRequest<Query, Cursor>) async throws -> LivePage<Record, Cursor>
    /// Fetches the server's figure of every ``LiveCount`` (`[.active: 30]`), off the main actor.
    public typealias FetchCounts = @Sendable () async throws -> [LiveCount<Record>: Int]

    let records: RecordStore<Write>
    let name: String
    let pageSize: Int
    let rules: LiveQueryRules<Record, Query>
    let countsShown: [LiveCount<Record>]
    let presenter: ErrorPresenter
    let fetch: Fetch
    let fetchCounts: FetchCounts?
    /// How long the search text rests before the server is asked for it.
    let searchDebounce: Duration
    /// Follows the query in the screen's state, for as long as this lives (set by the binding).
    var queryObservation: ObservationToken?
    /// What the live query shows through: its screen's store (set once, by the binding).
    var host: LiveQueryHost<Record>?

    /// The query the rows show.
    public private(set) var query: Query
    /// What the screen shows now.
    public internal(set) var result = LiveRows<Record>()

    /// The query the server's pages answer; `nil` while the rows are the device's answer.
    var loadedQuery: Query?
    /// The server's pages: each id once, in order, with its row as shown and its search text.
    var pages: PageRows<Record>
    /// Bumped when a first page replaces the pages: positions taken before mean nothing after.
    var pagesGeneration = 0
    /// The pages' generation `rowPagePositions` were taken in.
    var rowPagesGeneration = -1
    /// Where each row is in `pages`, ascending (rows show in page order).
    var rowPagePositions: [Int] = []
    /// The filter's answer for each row of `pages`, kept while only the search text changes.
    var filterAnswers = PageFilter<Record, Query>()
    var nextCursor: Cursor?
    /// The answer from the records the device has seen, while the server's pages do not answer
    /// the query shown.
    var deviceAnswer: DeviceAnswer<Write, Query>
    /// The changes of the rows last published, from their ``LiveRows/base`` to their version.
    private var publishedChanges = ListDiff()
    /// Bumped by every request: an answer to an older one changes nothing.
    var generation = 0
    /// The server's figures (or their saved copies), by name.
    var serverCounts: [String: Int] = [:]
    private var token: ObservationToken?
    /// Keeps the rows loaded and shown from the store's retention rule.
    private var shownToken: ObservationToken?
    /// While its own page merges: the rows are computed after, from the whole page.
    var isMergingOwnPage = false
    /// Whether the records were asked to restore what the device saved.
    private var hasRestored = false

    init(
        records: RecordStore<Write>, name: String, query: Query, pageSize: Int, rules: LiveQueryRules<Record, Query>,
        counts: [LiveCount<Record>], searchDebounce: Duration, presenter: ErrorPresenter, fetchCounts: FetchCounts?, fetch: @escaping Fetch
    ) {
        self.records = records
        self.searchDebounce = searchDebounce
        self.name = name
        self.query = query
        self.pageSize = max(1, pageSize)
        self.deviceAnswer = DeviceAnswer(pageSize: max(1, pageSize))
        self.rules = rules
        self.countsShown = counts
        self.presenter = presenter
        self.fetchCounts = fetchCounts
        self.fetch = fetch
        self.pages = PageRows(search: records.search)
        token = records.observe { [weak self] change in self?.recordsChanged(change) }
        shownToken = records.keepWhileShown { [weak self] in
            guard let self else { return [] }
            return pages.ids + result.rows.map(\.id)
        }
        showAll()
    }

    // MARK: - What the screen asks

    /// Shows `query`, the query the screen's state holds now: at once from the rows loaded (or
    /// the device's answer), then from the server, after `searchDebounce` if only the search
    /// text changed (the latest text wins), else at once, calling a debounced search off.
    func follow(_ query: Query) {
        guard query != self.query else { return }
        let onlyTheText = rules.filter(of: query) == rules.filter(of: self.query)
        show(query)
        if onlyTheText {
            host?.run(.search, policy: .debounce(for: searchDebounce), onCancel: nil) { [weak self] in self?.perform(.refresh) }
        } else {
            host?.cancel(.search)
            perform(.refresh)
        }
    }

    /// Shows `query` at once, from the rows loaded (or the device's answer), without asking the
    /// server.
    private func show(_ query: Query) {
        guard query != self.query else { return }
        self.query = query
        deviceAnswer.restart()
        showAll()
        publish()
    }

    /// Asks the server: the first page of the query shown again (`PageLoad/refresh`, a pull to
    /// refresh: ``LiveRows/refresh`` is ``PagingPhase/refreshing`` while rows stay shown), the
    /// next page of the query loaded (`PageLoad/next`; on the device's answer, a page more of
    /// it), or the failed one again (`PageLoad/retry`). A refresh replaces a request in flight
    /// and calls a debounced search off; a next page waits for none and is not asked for while
    /// one is on its way or the last page is shown. Also asks for the counts with a refresh.
    public func load(_ load: PageLoad) {
        if load == .refresh { host?.cancel(.search) }   // asked now: a debounced search is not asked again
        perform(load, pulled: load == .refresh)
    }

    private func perform(_ load: PageLoad, pulled: Bool = false) {
        switch load {
        case .refresh:
            startRefresh(pulled: pulled)
            loadCounts()
        case .next:
            startNextPage()
        case .retry:
            if result.refresh.failure != nil {
                startRefresh()
                if serverCounts.isEmpty { loadCounts() }
            } else if result.nextPage.failure != nil {
                startNextPage()
            }
        }
    }

    /// Loads what is missing when the screen appears: the records and pending writes saved on
    /// the device (once, ``RecordStore/restore()``), the first page, unless the server's pages
    /// answer the query shown or one is on its way, and the counts, unless known.
    public func loadIfNeeded() {
        if !hasRestored {
            hasRestored = true
            // The records saved on the device and the pending writes: shown before any answer.
            let records = records
            host?.run(.restore, onCancel: nil) { await records.restore() }
        }
        if loadedQuery == nil { readDeviceAnswer() }   // read on demand: the rows shown before any answer
        if loadedQuery != query, !result.refresh.isLoading { startRefresh() }
        if countsShown.contains(where: { serverCounts[$0.name] == nil }) { loadCounts() }
    }

    /// Hands the result to the screen, with the counts of the same moment. Rows that changed
    /// take a new version, their changes told from the last one; rows that did not keep their
    /// version and the changes that led to it (a view that missed them still gets them).
    func publish(_ end: LivePageEnd? = nil) {
        result.counts = shownCounts()
        result.indexingSavedRecords = records.indexingProgress
        if result.changes.isEmpty {
            result.changes = publishedChanges
        } else {
            result.base = result.version
            result.version = liveRowsVersions.wrappingAdd(1, ordering: .relaxed).newValue
            publishedChanges = result.changes
        }
        host?.show(result, end: end)
        // The next update computes only what it changes.
        result.changes = ListDiff()
        if loadedQuery == nil { readDeviceAnswer() }
    }
}
