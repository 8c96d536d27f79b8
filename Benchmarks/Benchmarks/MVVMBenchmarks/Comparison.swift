import Benchmark
import Foundation

/// The metrics every comparison reports: both sides' cost per operation, from the same run,
/// and how many times faster ours is.
enum ComparisonMetric {
    /// Our implementation, nanoseconds per operation.
    static let ours = BenchmarkMetric.custom("ours (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    /// The articles' way, nanoseconds per operation.
    static let baseline = BenchmarkMetric.custom("baseline (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    /// baseline ÷ ours, rounded down: how many times faster ours is.
    static let speedup = BenchmarkMetric.custom("speedup (x)", polarity: .prefersLarger, useScalingFactor: false)

    /// ours ÷ baseline in percent, for workloads whose baseline is the floor (a plain loop).
    static let overhead = BenchmarkMetric.custom("overhead (%)", polarity: .prefersSmaller, useScalingFactor: false)

    static let all: [BenchmarkMetric] = [ours, baseline, speedup]

    /// Tolerances for `swift package benchmark thresholds check` on `metrics`: time moves with
    /// the machine, so the check is on the speedup (a ratio measured in one run), which may drop
    /// by a third before it counts as a regression; the absolute times only guide.
    static func thresholds(for metrics: [BenchmarkMetric]) -> [BenchmarkMetric: BenchmarkThresholds] {
        let tolerances: [BenchmarkMetric: BenchmarkThresholds] = [
            speedup: .init(relative: [.p50: 35]),
            overhead: .init(relative: [.p50: 50]),
            ours: .init(relative: [.p50: 1000]),
            baseline: .init(relative: [.p50: 1000]),
        ]
        return tolerances.filter { metrics.contains($0.key) }
    }
}

/// Nanoseconds per run of `body`, over `repetitions` runs after one untimed warm-up run.
func nanoseconds(repetitions: Int = 1, _ body: () -> Void) -> Int {
    body()
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for _ in 0..<repetitions { body() }
    }
    return nanoseconds(elapsed) / repetitions
}

/// `duration` in whole nanoseconds.
func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
}

/// Registers one workload measured both ways in each iteration: `baseline` (the articles' way)
/// and `ours`, each returning nanoseconds per operation, after one untimed warm-up iteration.
/// `check` runs once first (in the warm-up) and returns a description of any difference between
/// the two results, which fails the benchmark.
func comparison(
    _ name: String,
    iterations: Int,
    againstFloor: Bool = false,
    check: @escaping @Sendable () async -> String? = { nil },
    ours: @escaping @Sendable () async -> Int,
    baseline: @escaping @Sendable () async -> Int
) {
    let metrics = againstFloor ? [ComparisonMetric.ours, ComparisonMetric.baseline, ComparisonMetric.overhead] : ComparisonMetric.all
    Benchmark(
        name,
        configuration: .init(
            metrics: metrics,
            // One untimed run first (package-benchmark's default): the first run of either side
            // pays for its caches and its types' metadata, and was the p99 of every comparison.
            warmupIterations: 1,
            maxDuration: .seconds(60),
            maxIterations: iterations,
            thresholds: ComparisonMetric.thresholds(for: metrics)
        )
    ) { benchmark in
        if benchmark.currentIteration == 0, let difference = await check() {
            benchmark.error("\(name): ours and the baseline disagree: \(difference)")
            return
        }
        let baselineNanoseconds = await baseline()
        let ourNanoseconds = await ours()
        benchmark.recordComparison(ours: ourNanoseconds, baseline: baselineNanoseconds, againstFloor: againstFloor)
    }
}

extension Benchmark {
    /// Records both sides' nanoseconds per operation and their ratio: the speedup, or with
    /// `againstFloor` the overhead in percent.
    func recordComparison(ours: Int, baseline: Int, againstFloor: Bool = false) {
        measurement(ComparisonMetric.ours, ours)
        measurement(ComparisonMetric.baseline, baseline)
        if againstFloor {
            measurement(ComparisonMetric.overhead, ours * 100 / max(baseline, 1))
        } else {
            measurement(ComparisonMetric.speedup, baseline / max(ours, 1))
        }
    }
}

/// "10k", "100k", "1M".
func sizeLabel(_ size: Int) -> String {
    size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1000)k"
}
