import Benchmark
import MVVMTerminal

/// Workload 4: a terminal frame update where one row of 50 changed. Baseline: a full redraw.
func registerFrameBenchmarks() {
    let bytes = BenchmarkMetric.custom("ours (bytes)", polarity: .prefersSmaller, useScalingFactor: false)
    let baselineBytes = BenchmarkMetric.custom("baseline (bytes)", polarity: .prefersSmaller, useScalingFactor: false)
    let fewer = BenchmarkMetric.custom("fewer bytes (x)", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark(
        "frame/1-row-of-50-changed",
        configuration: .init(
            metrics: ComparisonMetric.all + [bytes, baselineBytes, fewer],
            warmupIterations: 1,
            maxDuration: .seconds(10),
            maxIterations: 50,
            thresholds: ComparisonMetric.thresholds(for: ComparisonMetric.all).merging([bytes: .init(relative: [.p50: 0]), fewer: .init(relative: [.p50: 0])]) { $1 }
        )
    ) { benchmark in
        let (previous, next) = userListFrames(changedRow: 20)
        let ours = FrameRenderer.render(from: previous, to: next)
        let full = FrameRenderer.render(from: nil, to: next)
        let ourTime = nanoseconds(repetitions: 20) { blackHole(FrameRenderer.render(from: previous, to: next)) }
        let fullTime = nanoseconds(repetitions: 20) { blackHole(FrameRenderer.render(from: nil, to: next)) }
        benchmark.measurement(bytes, ours.count)
        benchmark.measurement(baselineBytes, full.count)
        benchmark.measurement(fewer, full.count / max(ours.count, 1))
        benchmark.recordComparison(ours: ourTime, baseline: fullTime)
    }
}

/// An 80×50 user list, before and after one row's status changes (● → ○), as a toggle does.
private func userListFrames(changedRow: Int) -> (Frame, Frame) {
    func frame(toggled: Bool) -> Frame {
        var frame = Frame(width: 80, height: 50)
        _ = frame.put("Users (6,667 active)", at: Position(row: 0, column: 0), style: Style(bold: true))
        for row in 1..<50 {
            let isActive = (row % 3 != 0) != (toggled && row == changedRow)
            let name = Corpus.names[row % Corpus.names.count]
            _ = frame.put("\(isActive ? "●" : "○") \(name)  user\(row)@example.com", at: Position(row: row, column: 0))
        }
        return frame
    }
    return (frame(toggled: false), frame(toggled: true))
}
