/// How a list changed, as row updates a table view applies: deletions (old positions),
/// insertions (new positions), moves, and reloads of rows whose content changed.
///
/// Rows are matched by id, so a row that changed keeps its identity (a reload, not a delete
/// and an insert), and the moves are as few as possible: every matched row stays put except
/// those outside the longest run that kept its order.
///
/// ```swift
/// let diff = ListDiff(from: oldUsers, to: newUsers)
/// tableView.performBatchUpdates {
///     tableView.deleteRows(at: diff.deletions.map { IndexPath(row: $0, section: 0) }, with: .fade)
///     tableView.insertRows(at: diff.insertions.map { IndexPath(row: $0, section: 0) }, with: .fade)
///     for move in diff.moves { tableView.moveRow(at: IndexPath(row: move.from, section: 0), to: IndexPath(row: move.to, section: 0)) }
/// }
/// tableView.reloadRows(at: diff.reloads.map { IndexPath(row: $0, section: 0) }, with: .none)
/// ```
///
/// It runs in O(n log n) time over ids (the log from the longest-run search), storing positions
/// only: the size of the elements does not matter.
public struct ListDiff: Hashable, Sendable {
    /// A row that kept its identity but changed position.
    public struct Move: Hashable, Sendable {
        /// Its position in the old list.
        public var from: Int
        /// Its position in the new list.
        public var to: Int

        /// A move from `from` to `to`.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Positions in the old list of rows that are gone, ascending.
    public var deletions: [Int] = []
    /// Positions in the new list of rows that are new, ascending.
    public var insertions: [Int] = []
    /// Rows that moved, by new position, ascending.
    public var moves: [Move] = []
    /// Positions in the new list of rows that stayed (moved or not) but whose content changed.
    public var reloads: [Int] = []

    /// Whether nothing changed.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty && reloads.isEmpty }

    /// An empty diff.
    public init() {}

    /// The diff from `old` to `new`, matching rows by `id` and comparing matched rows with
    /// `isContentEqual`. If ids repeat, each id's first occurrence is matched and the others
    /// count as deleted and inserted.
    public init<C: RandomAccessCollection, ID: Hashable>(
        from old: C,
        to new: C,
        id: (C.Element) -> ID,
        isContentEqual: (C.Element, C.Element) -> Bool
    ) where C.Index == Int {
        var oldPositions: [ID: Int] = Dictionary(minimumCapacity: old.count)
        for position in old.indices where oldPositions[id(old[position])] == nil {
            oldPositions[id(old[position])] = position
        }
        var matchedOld = [Bool](repeating: false, count: old.count)
        // For each new row that matched: (new position, old position), in new order.
        var matches: [(new: Int, old: Int)] = []
        matches.reserveCapacity(min(old.count, new.count))
        for position in new.indices {
            if let oldPosition = oldPositions[id(new[position])], !matchedOld[oldPosition - old.startIndex] {
                matchedOld[oldPosition - old.startIndex] = true
                matches.append((position - new.startIndex, oldPosition - old.startIndex))
                if !isContentEqual(old[oldPosition], new[position]) { reloads.append(position - new.startIndex) }
            } else {
                insertions.append(position - new.startIndex)
            }
        }
        deletions = matchedOld.indices.filter { !matchedOld[$0] }
        let staying = Self.longestIncreasingRun(matches.map(\.old))
        for (index, match) in matches.enumerated() where !staying[index] {
            moves.append(Move(from: match.old, to: match.new))
        }
    }

    /// Marks the elements of the longest strictly increasing subsequence of `values`
    /// (patience sorting, O(n log n)).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        guard !values.isEmpty else { return [] }
        var tailIndices: [Int] = []          // tailIndices[k]: index of the smallest tail of a run of length k+1
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tailIndices.count
            while low < high {
                let middle = (low + high) / 2
                if values[tailIndices[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tailIndices[low - 1] }
            if low == tailIndices.count { tailIndices.append(index) } else { tailIndices[low] = index }
        }
        var inRun = [Bool](repeating: false, count: values.count)
        var cursor = tailIndices.last ?? -1
        while cursor >= 0 {
            inRun[cursor] = true
            cursor = previous[cursor]
        }
        return inRun
    }
}

extension ListDiff {
    /// The diff between two lists of identifiable, equatable rows.
    public init<C: RandomAccessCollection>(from old: C, to new: C) where C.Element: Identifiable & Equatable, C.Index == Int {
        self.init(from: old, to: new, id: \.id, isContentEqual: ==)
    }
}
