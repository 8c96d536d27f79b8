import Benchmark
import MVVMCollections
import MVVMCore

/// Workload 2: the row updates between two versions of a list with 1% or 10% of rows changed.
/// Baseline: `CollectionDifference` with inferred moves, as the articles would get it.
func registerDiffBenchmarks() {
    for size in [10_000, 100_000] {
        for percent in [1, 10] {
            let name = "diff/\(sizeLabel(size))/\(percent)%"
            let fixture = DiffFixture(size: size, fraction: Double(percent) / 100)
            registerDiff(name, old: fixture.old, new: fixture.new, iterations: size >= 100_000 ? 3 : 10)
        }
    }
    // The same 10k/10% with a 250-byte element: ours must not care, the baseline does.
    let fixture = DiffFixture(size: 10_000, fraction: 0.1)
    registerDiff("diff/10k/10%/wide-element", old: fixture.old.map(WideUser.init), new: fixture.new.map(WideUser.init), iterations: 10)
}

private func registerDiff<Row: Identifiable & Hashable & Sendable>(_ name: String, old: [Row], new: [Row], iterations: Int) {
    comparison(
        name,
        iterations: iterations,
        check: {
            let ours = ListDiff(from: old, to: new)
            let theirs = new.difference(from: old).inferringMoves()
            let theirMoves = theirs.insertions.filter {
                if case .insert(_, _, let associated) = $0 { associated != nil } else { false }
            }.count
            guard rebuild(old.map(\.id), new: new.map(\.id), with: ours) == new.map(\.id) else { return "ours does not rebuild the new list" }
            guard ours.moves.count <= theirMoves else { return "\(ours.moves.count) moves against \(theirMoves)" }
            return nil
        },
        ours: { nanoseconds(repetitions: 10) { blackHole(ListDiff(from: old, to: new)) } },
        baseline: { nanoseconds { blackHole(new.difference(from: old).inferringMoves()) } }
    )
}

private struct DiffFixture {
    let old: [BenchUser]
    let new: [BenchUser]

    init(size: Int, fraction: Double) {
        old = Corpus.users(size)
        new = Corpus.changed(old, fraction: fraction)
    }
}

/// The new ids, rebuilt from the old ones with only the diff's positions.
private func rebuild<ID: Hashable>(_ old: [ID], new: [ID], with diff: ListDiff) -> [ID] {
    let moved = Set(diff.moves.map(\.from))
    let deleted = Set(diff.deletions)
    var staying = old.indices.filter { !moved.contains($0) && !deleted.contains($0) }.map { old[$0] }[...]
    var result = [ID?](repeating: nil, count: new.count)
    for position in diff.insertions { result[position] = new[position] }
    for move in diff.moves { result[move.to] = old[move.from] }
    for position in result.indices where result[position] == nil { result[position] = staying.popFirst() }
    return result.compactMap { $0 }
}
