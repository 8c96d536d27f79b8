import Benchmark
import Foundation
import MVVMCore
import OpenCombine

// Each workload runs twice in the same run: `ours/…` and `baseline/…`, the baseline written the
// way the articles write it. Compare the two lines' medians for the ratio.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 200
    )

    // 1. Filtering users by a query: SearchIndex against localizedCaseInsensitiveContains.
    for size in [10_000, 100_000, 1_000_000] {
        let texts = Corpus.texts(Corpus.users(size))
        let index = SearchIndex(texts)
        for query in ["a", "yam", "example.", "qqqqqqqq"] {
            Benchmark("filter/ours/\(size)/\(query)") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(index.matches(query)) }
            }
            guard size <= 100_000 || query == "yam" else { continue }   // the baseline takes seconds at 1M
            Benchmark("filter/baseline/\(size)/\(query)", configuration: .init(maxIterations: 5)) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(texts.indices.filter { texts[$0].localizedCaseInsensitiveContains(query) })
                }
            }
        }
        Benchmark("index-build/ours/\(size)", configuration: .init(maxIterations: 5)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(SearchIndex(texts)) }
        }
    }

    // 2. Diffing a list: ListDiff against CollectionDifference with inferred moves.
    for size in [10_000, 100_000] {
        let old = Corpus.users(size)
        for fraction in [0.01, 0.1] {
            let new = Corpus.changed(old, fraction: fraction)
            Benchmark("diff/ours/\(size)/\(Int(fraction * 100))%") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(ListDiff(from: old, to: new)) }
            }
            guard size <= 10_000 || fraction < 0.05 else { continue }   // the baseline takes seconds
            Benchmark("diff/baseline/\(size)/\(Int(fraction * 100))%", configuration: .init(maxIterations: 5)) { benchmark in
                for _ in benchmark.scaledIterations { blackHole(new.difference(from: old).inferringMoves()) }
            }
        }
    }

    // 3. Propagation: one field of a 20-field state changes; 10 observers each read one field.
    // Both sides build their observers inside the measured closure (a ×1000 scaling factor
    // amortises it the same way for both).
    Benchmark("propagation/ours/closure-observers", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            let store = StateStore(WideState())
            var seen = 0
            let tokens = (0..<10).map { field in
                var last = store.state[field]
                return store.subscribe(sendCurrent: false) { state in
                    let value = state[field]
                    if value != last {
                        last = value
                        seen += 1
                    }
                }
            }
            for iteration in iterations { store.update { $0.f0 = iteration } }
            blackHole(seen)
            withExtendedLifetime(tokens) {}
        }
    }
    Benchmark("propagation/baseline/currentvaluesubject-map-removeDuplicates", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let subject = CurrentValueSubject<WideState, Never>(WideState())
        var seen = 0
        let cancellables = (0..<10).map { field in
            subject.map { $0[field] }.removeDuplicates().sink { _ in seen += 1 }
        }
        for iteration in benchmark.scaledIterations {
            var state = subject.value
            state.f0 = iteration
            subject.send(state)
        }
        blackHole(seen)
        withExtendedLifetime(cancellables) {}
    }
}

/// A state with 20 fields.
struct WideState: Equatable, Sendable {
    var f0 = 0, f1 = 1, f2 = 2, f3 = 3, f4 = 4, f5 = 5, f6 = 6, f7 = 7, f8 = 8, f9 = 9
    var f10 = 10, f11 = 11, f12 = 12, f13 = 13, f14 = 14, f15 = 15, f16 = 16, f17 = 17, f18 = 18, f19 = 19

    subscript(field: Int) -> Int {
        switch field {
        case 0: f0
        case 1: f1
        case 2: f2
        case 3: f3
        case 4: f4
        case 5: f5
        case 6: f6
        case 7: f7
        case 8: f8
        default: f9
        }
    }
}
