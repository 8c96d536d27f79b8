// swift-tools-version: 6.2
import PackageDescription

// swift-mvvm's benchmarks: a separate package, so that the library build stays lean.
// Run: cd Benchmarks && swift package benchmark
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // MVVMGRDB is behind its trait (the SQLite record storage's workloads).
        .package(name: "swift-mvvm", path: "..", traits: ["MVVMGRDB"]),
        // The demo's screens (DemoScreens), for the key-to-frame workloads.
        .package(name: "swift-mvvm-demo", path: "../Demo"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        // The benchmark package's malloc interposer, read directly by the memory workloads.
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "MVVMBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MVVMCore", package: "swift-mvvm"),
                .product(name: "MVVMCollections", package: "swift-mvvm"),
                .product(name: "MVVMData", package: "swift-mvvm"),
                // SQLiteCacheStore, for the local-data workloads: builds GRDB into the benchmarks only.
                .product(name: "MVVMGRDB", package: "swift-mvvm"),
                .product(name: "MVVMTerminal", package: "swift-mvvm"),
                .product(name: "DemoScreens", package: "swift-mvvm-demo"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
                "HeapStatistics",
            ],
            path: "Benchmarks/MVVMBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Heap bytes in use (glibc mallinfo2, Darwin malloc zone statistics), for the memory workloads.
        .target(name: "HeapStatistics", path: "Benchmarks/HeapStatistics"),
    ],
    swiftLanguageModes: [.v6]
)
