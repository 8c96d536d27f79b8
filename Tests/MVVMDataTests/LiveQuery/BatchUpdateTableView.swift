import MVVMCollections

/// A stand-in for a `UITableView` with one section, strict as UIKit is: it keeps the rows it
/// shows (a copy, as cells do) and changes them only as a batch update says, checking what
/// `performBatchUpdates` checks before it applies anything, and throwing where UIKit raises
/// `NSInternalInconsistencyException`:
///
/// - the rows after the update must be the rows before, minus those deleted, plus those
///   inserted (UIKit's "invalid number of rows in section 0");
/// - deletions and the sources of moves name rows before the update, each once; insertions and
///   the destinations of moves name rows after it, each once;
/// - a row is not both deleted and moved, and a position is not both inserted and moved to.
///
/// Inserted rows are read from the data source (`cellForRowAt`); moved and staying rows keep
/// what they showed; `reloadRows`, after the batch, reads the rows it names again. A diff that
/// misses a change therefore leaves a stale or misplaced row, and ``rows`` shows it.
final class BatchUpdateTableView<Row: Identifiable & Equatable> {
    /// What UIKit would raise.
    struct Inconsistency: Error, CustomStringConvertible, Equatable {
        let description: String
    }

    /// The rows the table shows.
    private(set) var rows: [Row] = []

    /// `reloadData()`: every row read again from the data source.
    func reloadData(_ dataSource: some Collection<Row>) {
        rows = Array(dataSource)
    }

    /// `performBatchUpdates` with `deleteRows` (positions before), `insertRows` (positions
    /// after) and `moveRow` for each of `diff`'s, the data source then holding `dataSource`.
    func performBatchUpdates(_ diff: ListDiff, dataSource: some Collection<Row>) throws {
        let source = Array(dataSource)
        let old = rows
        guard old.count - diff.deletions.count + diff.insertions.count == source.count else {
            throw Inconsistency(description: "invalid number of rows in section 0: \(source.count) after the update, \(old.count) before, \(diff.insertions.count) inserted, \(diff.deletions.count) deleted")
        }
        let movedFrom = diff.moves.map(\.from), movedTo = diff.moves.map(\.to)
        try Self.check(diff.deletions + movedFrom, within: old.count, "a row deleted or moved from")
        try Self.check(diff.insertions + movedTo, within: source.count, "a row inserted or moved to")
        var placed = [Row?](repeating: nil, count: source.count)
        for position in diff.insertions { placed[position] = source[position] }
        for move in diff.moves { placed[move.to] = old[move.from] }
        let gone = Set(diff.deletions).union(movedFrom)
        var staying = old.indices.lazy.filter { !gone.contains($0) }.map { old[$0] }.makeIterator()
        rows = placed.map { $0 ?? staying.next()! }   // counts checked above: as many as the gaps
    }

    /// `reloadRows`: the rows at `positions` (after the update) read again from the data source.
    func reloadRows(_ positions: [Int], dataSource: some Collection<Row>) throws {
        let source = Array(dataSource)
        try Self.check(positions, within: rows.count, "a row reloaded")
        for position in positions { rows[position] = source[position] }
    }

    /// Each position in `0..<count`, and named once.
    private static func check(_ positions: [Int], within count: Int, _ what: String) throws {
        var seen = Set<Int>()
        for position in positions {
            guard (0..<count).contains(position) else {
                throw Inconsistency(description: "\(what) at \(position), outside 0..<\(count)")
            }
            guard seen.insert(position).inserted else {
                throw Inconsistency(description: "\(what) at \(position), named twice")
            }
        }
    }
}
