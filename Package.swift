// swift-tools-version: 6.2
import PackageDescription

// swift-mvvm: the library, its products and their tests. Nothing else.
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
//   Sources/MVVMTerminal   terminal view layer: frames, diff renderer, key decoder, session, widgets, screens
//   Sources/MVVMLogging    a ViewModel's events and state changes as diffs through swift-log
//   Sources/MVVMPNG        a small PNG decoder over the system's zlib (the terminal draws pictures)
//   Sources/MVVMAsyncHTTPClient  opt-in, trait MVVMAsyncHTTPClient: an HTTPTransport on AsyncHTTPClient
//   Sources/MVVMGRDB       opt-in, trait MVVMGRDB: a CacheStore and a RecordStorage in SQLite through GRDB
//   Tests/                 the library's tests; Tests/Support holds what they share (not API)
//   Demo/                  a package of its own: the demo app and server, the example features
//                          (Demo/Examples), the crash-test programs and their tests, and the
//                          opt-in integrations' tests (it turns both traits on)
//   Benchmarks/            a package of its own (package-benchmark)
//
// An app that adds swift-mvvm resolves what the library needs and nothing else: the demo's
// dependencies (Hummingbird, SwiftNIO, ArgumentParser, ...) are in Demo/Package.swift, and the two
// opt-in integrations' dependencies are guarded by a trait that is off unless the app turns it on.
// SwiftPM resolves no dependency whose every use is guarded by a trait that is off, so an app
// asking for MVVMCore (or MVVMCore, MVVMData and MVVMTesting) resolves 6 packages; the
// `.ci/consumer-check` step of CI fails above 7. To use an integration:
//
//     .package(url: "https://github.com/OWNER/swift-mvvm", from: "...", traits: ["MVVMGRDB"]),
//     ... .product(name: "MVVMGRDB", package: "swift-mvvm")
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
        // Opt-in, with the trait of the same name: an HTTPTransport on AsyncHTTPClient (SwiftNIO),
        // for Linux servers and tools. Without the trait: a stand-in that says to turn it on.
        .library(name: "MVVMAsyncHTTPClient", targets: ["MVVMAsyncHTTPClient"]),
        // Opt-in, with the trait of the same name: a CacheStore and a RecordStorage on SQLite
        // through GRDB. Without the trait: stand-ins that say to turn it on.
        .library(name: "MVVMGRDB", targets: ["MVVMGRDB"]),
        // Opt-in: a small PNG decoder over the system's zlib (Linux: zlib1g-dev), for drawing
        // images where UIKit and SwiftUI do not exist (the terminal).
        .library(name: "MVVMPNG", targets: ["MVVMPNG"]),
        // Not API (the underscore says so, as swift-syntax's `_SwiftSyntaxTestSupport` does): the
        // wall-clock helpers this repository's own tests share with Demo/'s (a child process, a
        // pseudo-terminal, a poll with a deadline). MVVMTesting's public API never waits on the
        // wall clock; this does, and is for process and socket tests only.
        .library(name: "_MVVMTestSupport", targets: ["MVVMTestSupport"]),
    ],
    traits: [
        .trait(name: "MVVMAsyncHTTPClient", description: "The MVVMAsyncHTTPClient product: an HTTPTransport on AsyncHTTPClient (resolves SwiftNIO and its packages)."),
        .trait(name: "MVVMGRDB", description: "The MVVMGRDB product: SQLiteCacheStore and SQLiteRecordStorage through GRDB (resolves GRDB)."),
    ],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        // IssueReporting: MVVMCore fails a test that reads a dependency it did not set, in Swift
        // Testing or XCTest, whichever runs it. Resolved already through swift-custom-dump.
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        // Combine on Linux; never linked on Apple platforms, where Combine itself is used.
        // 0.14.x only: OpenCombine's next releases define their own `CombineLatest` and `Merge`,
        // which would make MVVMCombine's ambiguous. Resolving a newer one fails here, by name.
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", .upToNextMinor(from: "0.14.0")),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The MVVMAsyncHTTPClient trait only: resolved by an app that turns it on.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The MVVMGRDB trait only: resolved by an app that turns it on.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The documentation plugin only (`swift package generate-documentation`, to preview or
        // publish: docs/Documentation.md): no target uses it, so no app resolves it.
        // .ci/docc-check calls docc itself.
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
            dependencies: ["MVVMLocking", .product(name: "IssueReporting", package: "xctest-dynamic-overlay")],
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
        // Opt-in: AsyncHTTPClient's transport. Its code and its dependencies are behind the
        // MVVMAsyncHTTPClient trait: an app that does not turn it on resolves no SwiftNIO.
        .target(
            name: "MVVMAsyncHTTPClient",
            dependencies: [
                "MVVMData",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["MVVMAsyncHTTPClient"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["MVVMAsyncHTTPClient"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["MVVMAsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["MVVMAsyncHTTPClient"])),
            ],
            swiftSettings: swiftSettings
        ),
        // Opt-in: SQLiteCacheStore and SQLiteRecordStorage. Their code and GRDB are behind the
        // MVVMGRDB trait: an app that does not turn it on resolves no GRDB.
        .target(
            name: "MVVMGRDB",
            dependencies: [
                "MVVMData",
                "MVVMLocking",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["MVVMGRDB"])),
            ],
            swiftSettings: swiftSettings
        ),
        // The system's zlib (inflate, deflate, crc32). Linux: `apt-get install zlib1g-dev`;
        // Apple platforms: in the SDK. Only MVVMPNG links it here (and the demo server in Demo/).
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
                // What lets MVVMCore's IssueReporting record an issue in Swift Testing on Linux: a
                // test of an unset dependency fails where it would otherwise only print.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
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
        // The tests' helpers that wait on the wall clock (a child process, a pseudo-terminal, a
        // poll with a deadline): kept out of MVVMTesting, whose public API never waits on it.
        // Shared with Demo/'s tests through the `_MVVMTestSupport` product (not API).
        .target(
            name: "MVVMTestSupport",
            dependencies: ["MVVMCore", "MVVMTesting"],
            path: "Tests/Support/MVVMTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMCoreTests",
            dependencies: ["MVVMTestSupport", "MVVMCore", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMCollectionsTests",
            dependencies: ["MVVMTestSupport", "MVVMCollections", "MVVMTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMCombineTests",
            dependencies: ["MVVMCore", "MVVMCombine", "MVVMCombineTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMDataTests",
            dependencies: [
                "MVVMTestSupport", "MVVMCore", "MVVMCollections", "MVVMData", "MVVMDataTesting",
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMTerminalTests",
            dependencies: ["MVVMTestSupport", "MVVMTerminal", "MVVMTesting"],
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
