import Benchmark
import Foundation
import MVVMCollections
import MVVMCore

/// Workload 1: filter users by a query of 1, 3 or 8 characters, or one that matches nothing.
/// Baseline: `localizedCaseInsensitiveContains` on every row, as the articles filter.
func registerFilterBenchmarks() {
    for size in [10_000, 100_000, 1_000_000] {
        for query in ["a", "mül", "example.", "qqqqqqqq"] {
            comparison(
                "filter/\(sizeLabel(size))/\(query)",
                iterations: size >= 1_000_000 ? 3 : size >= 100_000 ? 8 : 30,
                check: {
                    let fixture = SearchFixture.of(size: size)
                    let ours = fixture.index.matches(query)
                    let theirs = fixture.texts.indices.filter { fixture.texts[$0].localizedCaseInsensitiveContains(query) }
                    return ours == theirs ? nil : "\(ours.count) matches against \(theirs.count)"
                },
                ours: {
                    let index = SearchFixture.of(size: size).index
                    return nanoseconds(repetitions: 20) { blackHole(index.matches(query)) }
                },
                baseline: {
                    let texts = SearchFixture.of(size: size).texts
                    return nanoseconds {
                        blackHole(texts.indices.filter { texts[$0].localizedCaseInsensitiveContains(query) })
                    }
                }
            )
        }
    }

    // Building the index, against folding every text with Foundation (what a naive index does).
    for size in [100_000, 1_000_000] {
        comparison(
            "index-build/\(sizeLabel(size))",
            iterations: 3,
            ours: {
                let texts = SearchFixture.of(size: size).texts
                return nanoseconds { blackHole(SearchIndex(texts)) }
            },
            baseline: {
                let texts = SearchFixture.of(size: size).texts
                return nanoseconds { blackHole(texts.map { $0.folding(options: [.caseInsensitive], locale: nil) }) }
            }
        )
    }
}
