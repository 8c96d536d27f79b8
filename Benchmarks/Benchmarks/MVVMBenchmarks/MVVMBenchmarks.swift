import Benchmark

// Every workload runs our implementation and the articles' baseline in the same iteration and
// reports both, with the ratio: see Comparison.swift. Run from the repository root:
//   swift package --package-path Benchmarks benchmark
let benchmarks: @Sendable () -> Void = {
    registerFilterBenchmarks()
    registerDiffBenchmarks()
    registerPropagationBenchmarks()
    registerFrameBenchmarks()
    registerKeyToFrameBenchmarks()
    registerMemoryBenchmarks()
    registerLocalDataBenchmarks()
    registerRecordBenchmarks()
    registerSavingBenchmarks()
    registerLiveQueryBenchmarks()
    registerAvatarBenchmarks()
    registerRecordsAtScaleBenchmarks()
}
