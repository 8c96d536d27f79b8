/// A live query's answer from the device, while the server has not answered its query (or
/// cannot): the first records seen that the query shows, in the rules' order, a page more at each
/// next page.
///
/// The first page keeps the best `limit + 1` records in one pass over the records seen (no sort
/// of all of them); paging further sorts the whole answer once and reads it page by page until
/// the query or a record changes (``forget()``).
@MainActor
struct DeviceAnswer<Write: RecordWrite, Query: Equatable> {
    typealias Record = Write.Record

    /// How many rows a page shows.
    let pageSize: Int
    /// How many rows the answer shows (a page more for each next page).
    private(set) var limit: Int
    /// The whole answer, in order, once a next page asked for more than the first.
    private var inOrder: [Record]?
    /// The query and number of rows last read from the storage for this answer, when the
    /// records are read on demand (``RecordStore/loadSaved(matching:query:limit:)``): the same
    /// read is not made again until this is cleared.
    var lastRead: Read?

    /// A read of the answer from the storage: its query and how many rows.
    struct Read: Equatable {
        let query: Query
        let limit: Int
    }

    init(pageSize: Int) {
        self.pageSize = pageSize
        limit = pageSize
    }

    /// Back to the first page: a new query.
    mutating func restart() {
        limit = pageSize
        inOrder = nil
    }

    /// A page more.
    mutating func extend() {
        limit += pageSize
    }

    /// Forgets the sorted answer: a record changed.
    mutating func forget() {
        inOrder = nil
    }

    /// The rows of the answer to `query`, and whether more follow. `matchesText` checks a record
    /// with a pending write, whose text the search index may not hold.
    mutating func rows(
        of records: RecordStore<Write>, rules: LiveQueryRules<Record, Query>, query: Query, matchesText: (Record) -> Bool
    ) -> (rows: [LiveRow<Record>], hasMore: Bool) {
        let text = rules.text(of: query)
        let isBefore = rules.areInIncreasingOrder
        let limit = limit
        if limit > pageSize {
            // Paging through the answer: sorted whole once, then read page by page.
            let inOrder = inOrder ?? {
                var all: [Record] = []
                records.forEachSeen(matching: text) { record, isPending in
                    if rules.includes(record, query), !isPending || matchesText(record) { all.append(record) }
                }
                return all.sorted(by: isBefore)
            }()
            self.inOrder = inOrder
            return (inOrder.prefix(limit).map { LiveRow($0, pending: records.pendingWrite(for: $0.id)) }, inOrder.count > limit)
        }
        var best: [Record] = []
        best.reserveCapacity(min(limit + 1, 4096))
        records.forEachSeen(matching: text) { record, isPending in
            guard rules.includes(record, query), !isPending || matchesText(record) else { return }
            if best.count > limit, let last = best.last, !isBefore(record, last) { return }
            var low = 0, high = best.count
            while low < high {
                let middle = (low + high) / 2
                if isBefore(record, best[middle]) { high = middle } else { low = middle + 1 }
            }
            best.insert(record, at: low)
            if best.count > limit + 1 { best.removeLast() }
        }
        let hasMore = best.count > limit
        if hasMore { best.removeLast() }
        return (best.map { LiveRow($0, pending: records.pendingWrite(for: $0.id)) }, hasMore)
    }
}
