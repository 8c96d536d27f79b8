// swift-tools-version: 6.2
import PackageDescription

// swift-mvvm: one package, lean library products.
//
// Layout:
//   Sources/MVVMCore       ViewModel runtime: state store, observation, owned work, Loadable, paging, validation, errors
//   Sources/MVVMCollections SearchIndex and ListDiff: algorithms for large lists, outside the runtime
//   Sources/MVVMTesting    ViewModel tester, recorder, leak tracker, test clock (MVVMCore only)
//   Sources/MVVMCombineTesting  MVVMTesting plus PublisherRecorder and DispatchQueue.test
//   Sources/MVVMDataTesting     MVVMTesting plus StubTransport and CacheStoreContract
//   Sources/MVVMCombine    Input/Output, ViewModelType/ViewModelBindable, Driver; Combine or OpenCombine
//   Sources/MVVMOpenCombine internal, Linux: OpenCombine plus the operators it lacks and `Combine.`
//   Sources/MVVMData       transport, endpoints, APIError, retry, logging, DataSource/Repository helpers
//   Sources/MVVMAsyncHTTPClient  opt-in: an HTTPTransport on AsyncHTTPClient (the demo's on Linux)
//   Sources/MVVMGRDB       opt-in: SQLiteCacheStore, a CacheStore in one SQLite file through GRDB
//   Sources/MVVMTerminal   terminal view layer: frames, diff renderer, key decoder, session, widgets, screens
//   Examples/*             the reference features (user list, registration, weather), one target each,
//                          and the app that navigates between them (AppFeature)
//   Sources/DemoServer     the demo's HTTP API (Hummingbird) over SQLite (GRDB); demo-only
//   Sources/DemoScreens    the demo's terminal screens; demo-only
//   Sources/demo-server, Sources/mvvm-demo   the executables
//   Benchmarks/            a package of its own (package-benchmark), so the library build stays lean
//
// Library products must never depend on what only the demo needs (Hummingbird; GRDB but for the
// opt-in MVVMGRDB), and the
// core products (MVVMCore, MVVMCollections, MVVMCombine, MVVMData, MVVMTesting,
// MVVMCombineTesting, MVVMDataTesting, MVVMTerminal, MVVMLogging)
// never on SwiftNIO: AsyncHTTPClient is reached only through the opt-in MVVMAsyncHTTPClient.
//
// Platforms: Swift 6.2 or later (the code uses `SendableMetatype` and `weak let`). The Apple
// minimums are those of the newest API we use without an availability check: Synchronization's
// `Atomic` (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2). Why, and the check
// that keeps it true: docs/Platforms.md and .ci/availability-check.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Platforms without Apple's Combine, where MVVMCombine builds on OpenCombine.
let openCombinePlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

let package = Package(
    name: "swift-mvvm",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "MVVMCore", targets: ["MVVMCore"]),
        .library(name: "MVVMCollections", targets: ["MVVMCollections"]),
        .library(name: "MVVMCombine", targets: ["MVVMCombine"]),
        .library(name: "MVVMData", targets: ["MVVMData"]),
        .library(name: "MVVMTesting", targets: ["MVVMTesting"]),
        .library(name: "MVVMCombineTesting", targets: ["MVVMCombineTesting"]),
        .library(name: "MVVMDataTesting", targets: ["MVVMDataTesting"]),
        .library(name: "MVVMTerminal", targets: ["MVVMTerminal"]),
        // Debugging: a ViewModel's events and state changes as diffs through swift-log.
        .library(name: "MVVMLogging", targets: ["MVVMLogging"]),
        // Opt-in: an HTTPTransport on AsyncHTTPClient (SwiftNIO), for Linux servers and tools.
        .library(name: "MVVMAsyncHTTPClient", targets: ["MVVMAsyncHTTPClient"]),
        // Opt-in: a CacheStore on SQLite through GRDB; MVVMCore/MVVMData/MVVMCombine users never build GRDB.
        .library(name: "MVVMGRDB", targets: ["MVVMGRDB"]),
        // Opt-in: a small PNG decoder over the system's zlib (Linux: zlib1g-dev), for drawing
        // images where UIKit and SwiftUI do not exist (the terminal).
        .library(name: "MVVMPNG", targets: ["MVVMPNG"]),
        // Not API: the demo's screens, for the key-to-frame benchmark in Benchmarks/ (a separate
        // package reaches only products). Builds no server code: no Hummingbird, GRDB or SwiftNIO.
        .library(name: "DemoScreens", targets: ["DemoScreens", "AppFeature", "UserListFeature", "WeatherFeature", "RegistrationFeature"]),
        .executable(name: "demo-server", targets: ["demo-server"]),
        .executable(name: "mvvm-demo", targets: ["mvvm-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        // Combine on Linux; never linked on Apple platforms, where Combine itself is used.
        // 0.14.x only: OpenCombine's next releases define their own `CombineLatest` and `Merge`,
        // which would make MVVMCombine's ambiguous. Resolving a newer one fails here, by name.
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", .upToNextMinor(from: "0.14.0")),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // MVVMAsyncHTTPClient only (an opt-in product), and the demo.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The demo only: never a dependency of a library product.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The demo, and MVVMGRDB only (an opt-in product).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The documentation plugin only (`swift package generate-documentation`, to preview or
        // publish: docs/Documentation.md): no product links it. .ci/docc-check calls docc itself.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The package's one lock (a pthread mutex, which ThreadSanitizer sees); internal, not a
        // product: every target that needs a lock depends on it.
        .target(
            name: "MVVMLocking",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMCore",
            dependencies: ["MVVMLocking"],
            swiftSettings: swiftSettings
        ),
        // Algorithms for large lists that views use (search, diff): outside the ViewModel runtime.
        .target(
            name: "MVVMCollections",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMCombine",
            dependencies: [
                "MVVMCore",
                "MVVMLocking",
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
                .target(name: "MVVMOpenCombine", condition: .when(platforms: openCombinePlatforms)),
            ],
            swiftSettings: swiftSettings
        ),
        // Combine's API where only OpenCombine exists, re-exported by MVVMCombine there: the
        // operators OpenCombine lacks and the `Combine` namespace. Internal: not a product.
        .target(
            name: "MVVMOpenCombine",
            dependencies: [
                "MVVMLocking",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMData",
            dependencies: [
                "MVVMCore",
                "MVVMCollections",
                "MVVMLocking",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Opt-in: AsyncHTTPClient's transport. Only users who ask for this product build SwiftNIO.
        .target(
            name: "MVVMAsyncHTTPClient",
            dependencies: [
                "MVVMData",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Opt-in: SQLiteCacheStore. Only users who ask for this product build GRDB.
        .target(
            name: "MVVMGRDB",
            dependencies: [
                "MVVMData",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        // The system's zlib (inflate, deflate, crc32). Linux: `apt-get install zlib1g-dev`;
        // Apple platforms: in the SDK. Only MVVMPNG and the demo server link it.
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Opt-in: PNG decoding (8-bit grey, grey+alpha, RGB, RGBA, palette; not interlaced) into
        // RGBA pixels, bounded against hostile images.
        .target(
            name: "MVVMPNG",
            dependencies: ["CZlib"],
            swiftSettings: swiftSettings
        ),
        // A test helper only, not a product: saves forever until killed (CrashSafetyTests).
        .executableTarget(
            name: "cache-crash-writer",
            dependencies: ["MVVMData", "MVVMGRDB"],
            swiftSettings: swiftSettings
        ),
        // A test helper only, not a product: the demo's user writes without a terminal, killed
        // at random moments by KilledAppTests.
        .executableTarget(
            name: "user-writes-crash-app",
            dependencies: ["MVVMData", "UserListFeature"],
            swiftSettings: swiftSettings
        ),
        // A test helper only, not a product: one screen in a real terminal session, with a file
        // registered for removal, for CommandLineTests' pseudo-terminal tests.
        .executableTarget(
            name: "terminal-session-probe",
            dependencies: ["MVVMTerminal"],
            swiftSettings: swiftSettings
        ),
        // `@Sensitive` printed as `<redacted>` by swift-custom-dump: one conformance, shared by
        // MVVMTesting's diffs and MVVMLogging's change log.
        .target(
            name: "MVVMCustomDumpSupport",
            dependencies: ["MVVMCore", .product(name: "CustomDump", package: "swift-custom-dump")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMLogging",
            dependencies: [
                "MVVMCore",
                "MVVMCustomDumpSupport",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMTesting",
            dependencies: [
                "MVVMCore",
                "MVVMLocking",
                "MVVMCustomDumpSupport",
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            swiftSettings: swiftSettings
        ),
        // This package's own tests' helpers that wait on the wall clock (a loopback server, a
        // child process, a pseudo-terminal): kept out of MVVMTesting, whose public API never
        // waits on it. Not a product.
        .target(
            name: "MVVMTestSupport",
            dependencies: ["MVVMCore", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMCombineTesting",
            dependencies: ["MVVMTesting", "MVVMCombine", "MVVMLocking"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MVVMDataTesting",
            dependencies: ["MVVMTesting", "MVVMData", "MVVMLocking"],
            swiftSettings: swiftSettings
        ),
        // The terminal view layer: frames, diff rendering, key input, widgets. No ncurses.
        .target(
            name: "MVVMTerminal",
            dependencies: ["MVVMCore", "MVVMLocking"],
            swiftSettings: swiftSettings
        ),
        // The reference features (Examples/): model, data, ViewModels; one target each.
        .target(
            name: "WeatherFeature",
            dependencies: ["MVVMCore", "MVVMData"],
            path: "Examples/Weather",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "UserListFeature",
            dependencies: ["MVVMCore", "MVVMCollections", "MVVMData", "MVVMCombine"],
            path: "Examples/UserList",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RegistrationFeature",
            dependencies: ["MVVMCore", "MVVMData", "MVVMCombine"],
            path: "Examples/Registration",
            swiftSettings: swiftSettings
        ),
        // The demo app's root: navigation over the three features, deep-link paths.
        .target(
            name: "AppFeature",
            dependencies: ["MVVMCore", "UserListFeature", "WeatherFeature", "RegistrationFeature"],
            path: "Examples/App",
            swiftSettings: swiftSettings
        ),
        // The demo's HTTP API over SQLite: Hummingbird and GRDB stay here, out of every library product.
        .target(
            name: "DemoServer",
            dependencies: [
                "CZlib",
                "MVVMLocking",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "demo-server",
            dependencies: [
                "DemoServer", "MVVMTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The demo app's screens (ViewModel state → frame, keys → events); not a product.
        .target(
            name: "DemoScreens",
            dependencies: ["MVVMTerminal", "MVVMPNG", "AppFeature", "UserListFeature", "WeatherFeature", "RegistrationFeature"],
            swiftSettings: swiftSettings
        ),
        // `swift run mvvm-demo`: the features in the terminal, with the embedded demo server.
        .executableTarget(
            name: "mvvm-demo",
            dependencies: [
                "DemoScreens", "AppFeature", "MVVMTerminal", "UserListFeature", "WeatherFeature", "RegistrationFeature", "MVVMData",
                "DemoServer", "MVVMGRDB",
                .target(name: "MVVMAsyncHTTPClient", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMCoreTests",
            dependencies: ["MVVMTestSupport", "MVVMCore", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMCollectionsTests",
            dependencies: ["MVVMCollections", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMCombineTests",
            dependencies: ["MVVMCore", "MVVMCombine", "MVVMCombineTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMDataTests",
            dependencies: ["MVVMTestSupport", 
                "MVVMCore", "MVVMCollections", "MVVMData", "MVVMDataTesting", "DemoServer",
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Depends on cache-crash-writer so that building the tests builds the writer they run.
        .testTarget(
            name: "MVVMGRDBTests",
            dependencies: ["MVVMTestSupport", "MVVMGRDB", "MVVMData", "MVVMDataTesting", "cache-crash-writer"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMAsyncHTTPClientTests",
            dependencies: ["MVVMAsyncHTTPClient", "MVVMData", "DemoServer"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeatherFeatureTests",
            dependencies: ["MVVMTestSupport", "WeatherFeature", "MVVMTesting", "DemoServer"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "UserListFeatureTests",
            dependencies: ["MVVMTestSupport", "UserListFeature", "MVVMTesting", "MVVMCombineTesting"],
            swiftSettings: swiftSettings
        ),
        // The features against the real demo server over loopback, and an app killed with
        // SIGKILL: the only feature tests that wait on the wall clock (a socket, another process).
        // user-writes-crash-app: building the tests builds the app KilledAppTests kills.
        .testTarget(
            name: "LoopbackTests",
            dependencies: ["MVVMTestSupport", 
                "UserListFeature", "WeatherFeature", "RegistrationFeature", "MVVMTesting", "DemoServer", "user-writes-crash-app",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RegistrationFeatureTests",
            dependencies: ["MVVMTestSupport", "RegistrationFeature", "MVVMCombineTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AppFeatureTests",
            dependencies: ["AppFeature", "UserListFeature", "WeatherFeature", "RegistrationFeature", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DemoServerTests",
            dependencies: [
                "DemoServer",
                // AvatarTests: CRC-32 and inflate, to check the avatar PNGs independently.
                "CZlib",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                // RequestHeadLateLoopTests: the head guard in a Hummingbird server on a loop of its own.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The real executables (mvvm-demo, demo-server, the terminal session probe) in processes
        // and pseudo-terminals, as a user runs them: hostile arguments, signals, crashes,
        // suspending. Process tests: their bounds are wall-clock.
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["MVVMTestSupport", "MVVMTesting", "mvvm-demo", "demo-server", "terminal-session-probe"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMTerminalTests",
            dependencies: ["MVVMTerminal", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DemoScreensTests",
            dependencies: [
                "DemoScreens", "AppFeature", "MVVMTerminal", "UserListFeature", "WeatherFeature", "RegistrationFeature", "MVVMCore",
                "MVVMTesting",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMLoggingTests",
            dependencies: [
                "MVVMLogging", "MVVMCore", "RegistrationFeature", "MVVMTesting",
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The documentation's code: every ```swift block of README and the DocC articles is a region
        // of a file here (or of another test) or says why it is not compiled (SnippetCheckTests).
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "MVVMCore", "MVVMCollections", "MVVMCombine", "MVVMData", "MVVMTesting", "MVVMCombineTesting", "MVVMDataTesting", "MVVMTerminal", "MVVMLogging",
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMPNGTests",
            dependencies: ["MVVMPNG"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMTestingTests",
            dependencies: ["MVVMTestSupport", "MVVMCore", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// CI's ThreadSanitizer run (.ci/run): `MVVM_THREAD_SANITIZER=1 swift test` instruments this
// package's own targets only, and links the sanitizer's runtime. The dependencies are used as the
// plain debug build left them, so the run rebuilds our code alone (about 2 minutes here, where
// `--sanitize=thread` rebuilds every dependency, about 7). Races in our code are found as before;
// races inside a dependency's own code are not looked for (its locks are pthread mutexes and
// libdispatch queues, which the sanitizer's runtime sees either way).
if Context.environment["MVVM_THREAD_SANITIZER"] == "1" {
    for target in package.targets where target.type != .plugin && target.type != .system {
        // MVVM_THREAD_SANITIZER in code: what the sanitizer's runtime does itself (crash signals).
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=thread"]), .define("MVVM_THREAD_SANITIZER")]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=thread"])]
    }
}
