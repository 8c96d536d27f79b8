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
/// It compares ids in step first and hashes only the ids of rows that moved, came or went, and
/// it stores positions only, so the size of the elements does not matter. It runs in O(n) when
/// the rows mostly kept their order, and O(n log n) at worst (the longest-run search, when many
/// rows moved).
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
    /// `isContentEqual`.
    ///
    /// Ids should be unique within each list (as `ForEach` and diffable data sources require).
    /// If they repeat, occurrences are still matched one to one, so the diff still turns the old
    /// list into the new one; which occurrence pairs with which is then unspecified.
    @inlinable
    public init<C: RandomAccessCollection, ID: Hashable>(
        from old: C,
        to new: C,
        id: (C.Element) -> ID,
        isContentEqual: (C.Element, C.Element) -> Bool
    ) where C.Index == Int {
        let matching = Matching(oldIDs: old.map(id), newIDs: new.map(id))
        self.init(matching) { oldOffset, newOffset in
            !isContentEqual(old[old.startIndex + oldOffset], new[new.startIndex + newOffset])
        }
    }

    /// The diff from a matching, with `isChanged(old, new)` telling whether the matched rows
    /// at those offsets differ in content. Inlinable, so the check is inlined at the caller,
    /// where the element type is known.
    @inlinable
    init(_ matching: Matching, isChanged: (Int, Int) -> Bool) {
        deletions = matching.deletions
        // Content of matched rows, in new order.
        matching.oldOfNew.withUnsafeBufferPointer { oldOfNew in
            for newOffset in oldOfNew.indices {
                let oldOffset = oldOfNew[newOffset]
                if oldOffset < 0 {
                    insertions.append(newOffset)
                } else if isChanged(oldOffset, newOffset) {
                    reloads.append(newOffset)
                }
            }
        }
        if matching.mayHaveMoved { findMoves(oldOfNew: matching.oldOfNew) }
    }

    /// Every matched row outside the longest run that kept its order moves.
    @usableFromInline
    mutating func findMoves(oldOfNew: [Int]) {
        oldOfNew.withUnsafeBufferPointer { oldOfNew in
            // The matched rows' old positions, in new order, and their new positions.
            let matchedOld = UnsafeMutableBufferPointer<Int>.allocate(capacity: oldOfNew.count)
            let matchedNew = UnsafeMutableBufferPointer<Int>.allocate(capacity: oldOfNew.count)
            defer {
                matchedOld.deallocate()
                matchedNew.deallocate()
            }
            var matched = 0
            for (newOffset, oldOffset) in oldOfNew.enumerated() where oldOffset >= 0 {
                matchedOld[matched] = oldOffset
                matchedNew[matched] = newOffset
                matched += 1
            }
            let staying = Self.longestIncreasingRun(UnsafeBufferPointer(rebasing: matchedOld[..<matched]))
            for index in 0..<matched where !staying[index] {
                moves.append(Move(from: matchedOld[index], to: matchedNew[index]))
            }
        }
    }

    /// Marks the elements of the longest strictly increasing subsequence of `values`
    /// (patience sorting). A value larger than every tail so far extends the longest run in
    /// O(1), so a list that mostly kept its order costs O(n); the worst case (many moves) is
    /// O(n log n).
    static func longestIncreasingRun(_ values: UnsafeBufferPointer<Int>) -> [Bool] {
        let count = values.count
        guard count > 0 else { return [] }
        // tails[k]: index of the smallest last value of a run of length k + 1.
        let tails = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        // previous[i]: the index before `i` in the best run that ends at `i`, or -1.
        let previous = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        defer {
            tails.deallocate()
            previous.deallocate()
        }
        var length = 0
        for index in 0..<count {
            let value = values[index]
            var low: Int
            if length == 0 || values[tails[length - 1]] < value {
                low = length
            } else {
                low = 0
                var high = length
                while low < high {
                    let middle = (low + high) / 2
                    if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
                }
            }
            previous[index] = low > 0 ? tails[low - 1] : -1
            tails[low] = index
            if low == length { length += 1 }
        }
        return [Bool](unsafeUninitializedCapacity: count) { inRun, initialized in
            inRun.initialize(repeating: false)
            var cursor = tails[length - 1]
            while cursor >= 0 {
                inRun[cursor] = true
                cursor = previous[cursor]
            }
            initialized = count
        }
    }
}

extension ListDiff {
    /// Rows of two lists matched by id: for each new row, its old position or -1 (an
    /// insertion), and the old positions left unmatched (deletions).
    ///
    /// Inlinable, so that it is specialized for the id type: an `Int` id is compared and
    /// hashed as cheaply as in your own code.
    @usableFromInline
    struct Matching {
        /// For each new row, in order: its old position, or -1 for an insertion.
        @usableFromInline var oldOfNew: [Int]
        /// Old positions of rows that are gone, ascending.
        @usableFromInline var deletions: [Int] = []
        /// Whether any row was matched out of step (by hashing): only then can a row have moved.
        @usableFromInline var mayHaveMoved = false

        @inlinable
        init<ID: Hashable>(oldIDs: [ID], newIDs: [ID]) {
            let oldCount = oldIDs.count
            let newCount = newIDs.count
            oldOfNew = [Int](repeating: -1, count: newCount)
            var unmatchedOld: [Int] = []
            var unmatchedNew: [Int] = []
            // 1. Walk both lists in step, comparing ids (no hashing). A row deleted or inserted
            //    alone is stepped over; anything else is left unmatched for step 2. Rows matched
            //    here keep their order.
            var oldOffset = 0
            var newOffset = 0
            while oldOffset < oldCount, newOffset < newCount {
                let oldID = oldIDs[oldOffset]
                let newID = newIDs[newOffset]
                if oldID == newID {
                    oldOfNew[newOffset] = oldOffset
                    oldOffset += 1
                    newOffset += 1
                } else if oldOffset + 1 < oldCount, oldIDs[oldOffset + 1] == newID {
                    unmatchedOld.append(oldOffset)
                    oldOffset += 1
                } else if newOffset + 1 < newCount, newIDs[newOffset + 1] == oldID {
                    unmatchedNew.append(newOffset)
                    newOffset += 1
                } else {
                    unmatchedOld.append(oldOffset)
                    unmatchedNew.append(newOffset)
                    oldOffset += 1
                    newOffset += 1
                }
            }
            unmatchedOld.append(contentsOf: oldOffset..<oldCount)
            unmatchedNew.append(contentsOf: newOffset..<newCount)
            // 2. Match the rest by hashing their ids: only the rows that moved, came or went.
            var isUnmatchedOldPaired = [Bool](repeating: false, count: unmatchedOld.count)
            if !unmatchedOld.isEmpty, !unmatchedNew.isEmpty {
                // id → first unpaired index into `unmatchedOld`; `nextWithSameID` chains repeats.
                var firstWithID: [ID: Int] = Dictionary(minimumCapacity: unmatchedOld.count)
                var nextWithSameID = [Int](repeating: -1, count: unmatchedOld.count)
                for index in unmatchedOld.indices.reversed() {
                    if let following = firstWithID.updateValue(index, forKey: oldIDs[unmatchedOld[index]]) {
                        nextWithSameID[index] = following
                    }
                }
                for newPosition in unmatchedNew {
                    let key = newIDs[newPosition]
                    guard let index = firstWithID[key] else { continue }
                    let following = nextWithSameID[index]
                    if following >= 0 { firstWithID[key] = following } else { firstWithID[key] = nil }
                    isUnmatchedOldPaired[index] = true
                    oldOfNew[newPosition] = unmatchedOld[index]
                    mayHaveMoved = true
                }
            }
            for index in unmatchedOld.indices where !isUnmatchedOldPaired[index] {
                deletions.append(unmatchedOld[index])
            }
        }
    }
}

extension ListDiff {
    /// The diff between two lists of identifiable, equatable rows.
    ///
    /// Rows with the same `id` are matched; a matched row whose value changed is a reload.
    ///
    /// ```swift
    /// let diff = ListDiff(from: oldState.users, to: newState.users)
    /// ```
    @inlinable
    public init<C: RandomAccessCollection>(from old: C, to new: C) where C.Element: Identifiable & Equatable, C.Index == Int {
        // Not through `init(from:to:id:isContentEqual:)`: passing each element to a closure
        // copies it (the whole row), where `.id` and `!=` here read it in place.
        let matching = Matching(oldIDs: old.map { $0.id }, newIDs: new.map { $0.id })
        self.init(matching) { oldOffset, newOffset in
            old[old.startIndex + oldOffset] != new[new.startIndex + newOffset]
        }
    }
}
