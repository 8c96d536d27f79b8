// swift-tools-version: 6.1
import PackageDescription

// swift-mvvm: one package, lean library products.
//
// Layout (the places later modules take are reserved by name):
//   Sources/MVVMCore       ViewModel runtime: state store, observation, owned work, Loadable, paging, validation, errors
//   Sources/MVVMTesting    ViewModel tester, recorders, leak tracker, test clock and test scheduler re-exports
//   Sources/MVVMCombine    Input/Output, ViewModelType/ViewModelBindable, Driver; Combine or OpenCombine
//   Sources/MVVMData       (later) transport, endpoints, APIError, DataSource/Repository helpers
//   Sources/MVVMTerminal   (later) terminal view layer
//   Examples/*, DemoServer, mvvm-demo, Benchmarks/ (later)
//
// Library products must never depend on what only the demo needs (Hummingbird, GRDB).

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Platforms without Apple's Combine, where MVVMCombine builds on OpenCombine.
let openCombinePlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

let package = Package(
    name: "swift-mvvm",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "MVVMCore", targets: ["MVVMCore"]),
        .library(name: "MVVMCombine", targets: ["MVVMCombine"]),
        .library(name: "MVVMTesting", targets: ["MVVMTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        // Combine on Linux; never linked on Apple platforms, where Combine itself is used.
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    ],
    targets: [
        .target(
            name: "MVVMCore",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMCombine",
            dependencies: [
                "MVVMCore",
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMTesting",
            dependencies: [
                "MVVMCore",
                "MVVMCombine",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMCoreTests",
            dependencies: ["MVVMCore", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMCombineTests",
            dependencies: ["MVVMCore", "MVVMCombine", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMTestingTests",
            dependencies: ["MVVMCore", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
