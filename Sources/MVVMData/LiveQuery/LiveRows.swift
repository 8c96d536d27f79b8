public import MVVMCollections
public import MVVMCore

/// What a ``LiveQuery`` shows, as one value a screen keeps in its `State`: the rows with their
/// pending marks, the counts moved by the same pending writes, where the rows came from, how its
/// refresh and its next page stand, and how the rows changed in the last update.
///
/// Every field comes from one update: a refused write takes its row and its count back together.
/// The fields are settable so that a test (or a preview) can state the value it expects; only
/// the ``LiveQuery`` writes them in an app. Two values are equal when what they show is:
/// ``changes`` describes the last transition, not what is shown, and is left out.
public struct LiveRows<Record: Identifiable> {
    /// The rows, in the query's order. A `ChunkedArray` (MVVMCollections): read it as an array;
    /// a write to one row copies its chunk, not 100,000 rows.
    public var rows: ChunkedArray<LiveRow<Record>> = []
    /// The counts asked for (``LiveCount``), by name: the server's figure moved by the writes it
    /// has not answered. Missing until the server's figure (or its saved copy) is known.
    public var counts: [String: Int] = [:]
    /// Where the rows came from: `.network` once the server answered the query, `.saved(at:)`
    /// while they are the device's answer (before the server's, or when it could not answer),
    /// with the time the newest of them was learnt; `nil` while nothing is shown.
    public var origin: DataOrigin?
    /// How the first page (a refresh) stands.
    public var refresh: PagingPhase = .idle
    /// How the next page stands: ``PagingPhase/reachedEnd`` once the last page is shown.
    public var nextPage: PagingPhase = .idle
    /// How ``rows`` changed in the last update, by position: what a table view or a diffable
    /// data source applies as is.
    public var changes = ListDiff()

    /// Nothing shown yet.
    public init() {}

    /// The records shown, in order.
    public var records: [Record] { rows.map(\.record) }

    /// The count `count` shows: `nil` until the server's figure is known.
    public func count(_ count: LiveCount<Record>) -> Int? { counts[count.name] }

    /// The failure to show, offering a retry: the refresh's, else the next page's.
    public var failure: ErrorPresentation? { refresh.failure ?? nextPage.failure }
}

extension LiveRows: Equatable where Record: Equatable {
    /// Whether both show the same: rows, counts, origin and paging state (not ``changes``).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rows == rhs.rows && lhs.counts == rhs.counts && lhs.origin == rhs.origin
            && lhs.refresh == rhs.refresh && lhs.nextPage == rhs.nextPage
    }
}
extension LiveRows: Sendable where Record: Sendable {}
