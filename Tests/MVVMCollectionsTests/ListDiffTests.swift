import MVVMTestSupport
import MVVMCollections
import MVVMTesting
import Testing

struct ListDiffTests {
    struct Row: Identifiable, Equatable {
        let id: Int
        var title: String
    }

    static func rows(_ ids: [Int], changed: Set<Int> = []) -> [Row] {
        ids.map { Row(id: $0, title: changed.contains($0) ? "changed \($0)" : "row \($0)") }
    }

    @Test func insertionsDeletionsMovesAndReloads() {
        let diff = ListDiff(from: Self.rows([1, 2, 3, 4, 5]), to: Self.rows([1, 4, 3, 6, 5], changed: [3]))

        #expect(diff.deletions == [1])
        #expect(diff.insertions == [3])
        #expect(diff.moves == [ListDiff.Move(from: 3, to: 1)])
        #expect(diff.reloads == [2])
    }

    @Test func anUnchangedListHasAnEmptyDiff() {
        #expect(ListDiff(from: Self.rows([1, 2, 3]), to: Self.rows([1, 2, 3])).isEmpty)
        #expect(ListDiff(from: Self.rows([]), to: Self.rows([])).isEmpty)
    }

    @Test func aReversalMovesAllButOne() {
        let diff = ListDiff(from: Self.rows(Array(1...5)), to: Self.rows([5, 4, 3, 2, 1]))
        #expect(diff.moves.count == 4)
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty && diff.reloads.isEmpty)
    }

    @Test func repeatedIdsArePairedOneToOne() {
        let diff = ListDiff(from: Self.rows([1, 1, 2]), to: Self.rows([1, 2, 2]))
        #expect(diff.deletions.count == 1)
        #expect(diff.insertions.count == 1)
        #expect(Self.apply(diff, old: [1, 1, 2], new: [1, 2, 2]) == [1, 2, 2])
        #expect(ListDiff(from: Self.rows([1, 1, 2]), to: Self.rows([1, 1, 2])).isEmpty)
    }

    @Test(arguments: [UInt64(5), 77])
    func randomListsWithRepeatedIdsStillRebuildExactly(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let old = (0..<Int.random(in: 0...30, using: &random)).map { _ in Int.random(in: 0..<8, using: &random) }
            var new = old.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
            new.shuffle(using: &random)
            new += (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0..<12, using: &random) }
            let diff = ListDiff(from: Self.rows(old), to: Self.rows(new))
            #expect(Self.apply(diff, old: old, new: new) == new, "old \(old), new \(new)")
            #expect(old.count - diff.deletions.count + diff.insertions.count == new.count)
        }
    }

    @Test(arguments: [UInt64(3), 99, 2024])
    func randomListsRebuildExactlyAndMoveAsLittleAsCollectionDifference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<1000 {
            let old = Array((0..<Int.random(in: 0...30, using: &random)).map { _ in Int.random(in: 0..<60, using: &random) }.uniqued())
            var new = old
            switch Int.random(in: 0..<3, using: &random) {
            case 0:   // shuffled: nothing lines up
                new = old.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
                new += (0..<Int.random(in: 0...5, using: &random)).map { 100 + $0 }
                new.shuffle(using: &random)
            case 1:   // sorted
                new = old.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
                new += (0..<Int.random(in: 0...5, using: &random)).map { 100 + $0 }
                new.sort()
            default:  // a few edits: most rows line up, as after a typical update
                for edit in 0..<Int.random(in: 1...4, using: &random) {
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &random))
                    case 1 where !new.isEmpty:
                        let row = new.remove(at: Int.random(in: 0..<new.count, using: &random))
                        new.insert(row, at: Int.random(in: 0...new.count, using: &random))
                    default: new.insert(100 + edit, at: Int.random(in: 0...new.count, using: &random))
                    }
                }
            }
            let changed = Set(new.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
            let diff = ListDiff(from: Self.rows(old), to: Self.rows(new, changed: changed))

            #expect(Self.apply(diff, old: old, new: new) == new)
            #expect(diff.reloads == new.indices.filter { changed.contains(new[$0]) && old.contains(new[$0]) })
            let reference = new.difference(from: old).inferringMoves()
            let referenceMoves = reference.insertions.filter {
                if case .insert(_, _, let associated) = $0 { return associated != nil }
                return false
            }.count
            #expect(diff.moves.count == referenceMoves, "old \(old), new \(new)")
        }
    }

    /// Rebuilds the new ids from the old ones using only the diff's positions.
    static func apply(_ diff: ListDiff, old: [Int], new: [Int]) -> [Int] {
        let moved = Set(diff.moves.map(\.from))
        let deleted = Set(diff.deletions)
        var staying = old.indices.filter { !moved.contains($0) && !deleted.contains($0) }.map { old[$0] }[...]
        var result = [Int?](repeating: nil, count: new.count)
        for position in diff.insertions { result[position] = new[position] }
        for move in diff.moves { result[move.to] = old[move.from] }
        for position in result.indices where result[position] == nil { result[position] = staying.popFirst() }
        return result.compactMap { $0 }
    }
}

extension Sequence where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
