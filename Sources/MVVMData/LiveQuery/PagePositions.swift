import MVVMCollections

/// Rows of a live query's pages kept by their positions in the pages (ascending): where one
/// goes, and how two such lists differ.
enum PagePositions {
    /// How rows of the same pages changed, from their positions in the pages (both ascending):
    /// one pass, no hashing. A position only before is a deletion, only after an insertion, in
    /// both a reload when the row differs.
    static func diff<Old: RandomAccessCollection<LiveRow<Record>>, New: RandomAccessCollection<LiveRow<Record>>, Record: Identifiable & Equatable>(
        _ old: Old, _ oldPositions: [Int], _ new: New, _ newPositions: [Int]
    ) -> ListDiff where Old.Index == Int, New.Index == Int {
        var diff = ListDiff()
        var i = 0, j = 0
        while i < oldPositions.count || j < newPositions.count {
            if j == newPositions.count || (i < oldPositions.count && oldPositions[i] < newPositions[j]) {
                diff.deletions.append(i)
                i += 1
            } else if i == oldPositions.count || newPositions[j] < oldPositions[i] {
                diff.insertions.append(j)
                j += 1
            } else {
                if old[i] != new[j] { diff.reloads.append(j) }
                i += 1
                j += 1
            }
        }
        return diff
    }

    /// Where `value` goes in `sorted`: the first index whose element is not below it.
    static func lowerBound(of value: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

}
