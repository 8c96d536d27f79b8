public import MVVMCollections
public import MVVMCore

/// What a ``LiveQuery`` shows, as one value a screen keeps in its `State`: the rows with their
/// pending marks, the counts moved by the same pending writes, where the rows came from, and how
/// its refresh and its next page stand.
///
/// Every field comes from one update: a refused write takes its row and its count back together.
/// The fields are settable so that a test (or a preview) can state the value it expects; only
/// the ``LiveQuery`` writes them in an app. Two values are equal when what they show is.
///
/// A table view that animates its rows asks an ``AppliedRows`` what to do with each value it is
/// handed: the changes of the rows since the value it showed, each change once, however many
/// other updates of the screen's state (a picture arriving) hand it the same rows again.
public struct LiveRows<Record: Identifiable> {
    /// The rows, in the query's order. A `ChunkedArray` (MVVMCollections): read it as an array;
    /// a write to one row copies its chunk, not 100,000 rows.
    public var rows: ChunkedArray<LiveRow<Record>> = []
    /// The counts asked for (``LiveCount``): the server's figure moved by the writes it has not
    /// answered. Missing until the server's figure (or its saved copy) is known.
    public var counts: [LiveCount<Record>: Int] = [:]
    /// Where the rows came from: `.network` once the server answered the query, `.saved(at:)`
    /// while they are the device's answer (before the server's, or when it could not answer),
    /// with the time the newest of them was learnt; `nil` while nothing is shown.
    public var origin: DataOrigin?
    /// How the first page (a refresh) stands.
    public var refresh: PagingPhase = .idle
    /// How the next page stands: ``PagingPhase/reachedEnd`` once the last page is shown.
    public var nextPage: PagingPhase = .idle
    /// While the records an earlier version of the app saved are indexed for queries (once,
    /// after an update; they show in the device's answer as they are): how far, from 0 to 1.
    /// `nil` the rest of the time. A screen says so, as the demo's list does.
    public var indexingSavedRecords: Double?
    /// How ``rows`` changed from the rows of version ``base`` to these, of version ``version``
    /// (``AppliedRows`` hands it to a view that showed version ``base``).
    var changes = ListDiff()
    /// The version of the rows ``changes`` starts from.
    var base = 0
    /// The version of ``rows``: a number no other rows of this process had (0: no rows yet, or
    /// rows no live query made, such as a state written by hand).
    var version = 0

    /// Nothing shown yet.
    public init() {}

    /// The records shown, in order.
    public var records: [Record] { rows.map(\.record) }

    /// The failure to show, offering a retry: the refresh's, else the next page's.
    public var failure: ErrorPresentation? { refresh.failure ?? nextPage.failure }
}

extension LiveRows: Equatable where Record: Equatable {
    /// Whether both show the same: rows, counts, origin and paging state (not how the rows came
    /// to be, which ``AppliedRows`` reads).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rows == rhs.rows && lhs.counts == rhs.counts && lhs.origin == rhs.origin
            && lhs.refresh == rhs.refresh && lhs.nextPage == rhs.nextPage && lhs.indexingSavedRecords == rhs.indexingSavedRecords
    }
}
extension LiveRows: Sendable where Record: Sendable {}
