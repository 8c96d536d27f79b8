// swift-tools-version: 6.2
import PackageDescription

// The demo of swift-mvvm, a package of its own so that no app that adds the library resolves
// what only the demo needs (Hummingbird, SwiftNIO, GRDB, AsyncHTTPClient, ArgumentParser, ...).
//
//   swift run --package-path Demo mvvm-demo     the demo, against its embedded server
//
// Layout:
//   Examples/*             the reference features (user list, registration, weather), one target
//                          each, and the app that navigates between them (AppFeature)
//   Sources/DemoServer     the demo's HTTP API (Hummingbird) over SQLite (GRDB)
//   Sources/DemoScreens    the demo's terminal screens
//   Sources/demo-server, Sources/mvvm-demo   the executables
//   Sources/cache-crash-writer, user-writes-crash-app, terminal-session-probe
//                          programs the tests start and kill
//   Tests/                 the features' and the demo's tests; the opt-in integrations'
//                          (MVVMGRDB, MVVMAsyncHTTPClient) tests, which this package turns on;
//                          Tests/e2e drives the real demo in tmux
//
// The library is `..`, with both of its opt-in traits on: the demo uses MVVMGRDB for its records
// and, on Linux, MVVMAsyncHTTPClient for HTTP.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "swift-mvvm-demo",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // Not API: the demo's screens, for the key-to-frame benchmark in Benchmarks/ (a separate
        // package reaches only products).
        .library(name: "DemoScreens", targets: ["DemoScreens", "AppFeature", "UserListFeature", "WeatherFeature", "RegistrationFeature"]),
        .executable(name: "demo-server", targets: ["demo-server"]),
        .executable(name: "mvvm-demo", targets: ["mvvm-demo"]),
    ],
    dependencies: [
        .package(name: "swift-mvvm", path: "..", traits: ["MVVMGRDB", "MVVMAsyncHTTPClient"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Only its bcrypt (a C library, no further dependency built) hashes the demo's passwords.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The reference features: model, data, ViewModels; one target each.
        .target(
            name: "WeatherFeature",
            dependencies: [.product(name: "MVVMCore", package: "swift-mvvm"), .product(name: "MVVMData", package: "swift-mvvm")],
            path: "Examples/Weather",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "UserListFeature",
            dependencies: [
                .product(name: "MVVMCore", package: "swift-mvvm"), .product(name: "MVVMCollections", package: "swift-mvvm"),
                .product(name: "MVVMData", package: "swift-mvvm"), .product(name: "MVVMCombine", package: "swift-mvvm"),
            ],
            path: "Examples/UserList",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RegistrationFeature",
            dependencies: [
                .product(name: "MVVMCore", package: "swift-mvvm"), .product(name: "MVVMData", package: "swift-mvvm"),
                .product(name: "MVVMCombine", package: "swift-mvvm"),
            ],
            path: "Examples/Registration",
            swiftSettings: swiftSettings
        ),
        // The demo app's root: navigation over the three features, deep-link paths.
        .target(
            name: "AppFeature",
            dependencies: [.product(name: "MVVMCore", package: "swift-mvvm"), "UserListFeature", "WeatherFeature", "RegistrationFeature"],
            path: "Examples/App",
            swiftSettings: swiftSettings
        ),
        // The system's zlib for the demo server's PNG encoder (Linux: zlib1g-dev).
        .systemLibrary(
            name: "CDemoZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The demo's HTTP API over SQLite.
        .target(
            name: "DemoServer",
            dependencies: [
                "CDemoZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "demo-server",
            dependencies: [
                "DemoServer", .product(name: "MVVMTerminal", package: "swift-mvvm"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The demo app's screens (ViewModel state → frame, keys → events).
        .target(
            name: "DemoScreens",
            dependencies: [
                .product(name: "MVVMTerminal", package: "swift-mvvm"), .product(name: "MVVMPNG", package: "swift-mvvm"),
                "AppFeature", "UserListFeature", "WeatherFeature", "RegistrationFeature",
            ],
            swiftSettings: swiftSettings
        ),
        // `swift run --package-path Demo mvvm-demo`: the features in the terminal, with the embedded demo server.
        .executableTarget(
            name: "mvvm-demo",
            dependencies: [
                "DemoScreens", "AppFeature", "UserListFeature", "WeatherFeature", "RegistrationFeature", "DemoServer",
                .product(name: "MVVMTerminal", package: "swift-mvvm"), .product(name: "MVVMData", package: "swift-mvvm"),
                .product(name: "MVVMGRDB", package: "swift-mvvm"),
                .product(name: "MVVMAsyncHTTPClient", package: "swift-mvvm", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // A test helper only: saves forever until killed (MVVMGRDBTests' crash safety).
        .executableTarget(
            name: "cache-crash-writer",
            dependencies: [.product(name: "MVVMData", package: "swift-mvvm"), .product(name: "MVVMGRDB", package: "swift-mvvm")],
            swiftSettings: swiftSettings
        ),
        // A test helper only: the demo's user writes without a terminal, killed at random moments
        // by KilledAppTests.
        .executableTarget(
            name: "user-writes-crash-app",
            dependencies: [.product(name: "MVVMData", package: "swift-mvvm"), "UserListFeature"],
            swiftSettings: swiftSettings
        ),
        // A test helper only: one screen in a real terminal session, with a file registered for
        // removal, for CommandLineTests' pseudo-terminal tests.
        .executableTarget(
            name: "terminal-session-probe",
            dependencies: [.product(name: "MVVMTerminal", package: "swift-mvvm")],
            swiftSettings: swiftSettings
        ),
        // Depends on cache-crash-writer so that building the tests builds the writer they run.
        .testTarget(
            name: "MVVMGRDBTests",
            dependencies: [
                "cache-crash-writer",
                // SQLiteRecordStorageDamageTests: a file of another shape, made by hand.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMGRDB", package: "swift-mvvm"),
                .product(name: "MVVMData", package: "swift-mvvm"), .product(name: "MVVMDataTesting", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MVVMAsyncHTTPClientTests",
            dependencies: [
                "DemoServer",
                .product(name: "MVVMAsyncHTTPClient", package: "swift-mvvm"), .product(name: "MVVMData", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
        // MVVMData's client against the real demo server over loopback: every APIError case.
        .testTarget(
            name: "APILoopbackTests",
            dependencies: [
                "DemoServer",
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMData", package: "swift-mvvm"),
                .product(name: "MVVMTesting", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
        // MVVMLogging's change log over the registration form: a password never reaches the log.
        .testTarget(
            name: "MVVMLoggingTests",
            dependencies: [
                "RegistrationFeature",
                .product(name: "MVVMLogging", package: "swift-mvvm"), .product(name: "MVVMCore", package: "swift-mvvm"),
                .product(name: "MVVMTesting", package: "swift-mvvm"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeatherFeatureTests",
            dependencies: [
                "WeatherFeature", "DemoServer",
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMTesting", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "UserListFeatureTests",
            dependencies: [
                "UserListFeature",
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMTesting", package: "swift-mvvm"),
                .product(name: "MVVMCombineTesting", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
        // The features against the real demo server over loopback, and an app killed with
        // SIGKILL: the only feature tests that wait on the wall clock (a socket, another process).
        // user-writes-crash-app: building the tests builds the app KilledAppTests kills.
        .testTarget(
            name: "LoopbackTests",
            dependencies: [
                "UserListFeature", "WeatherFeature", "RegistrationFeature", "DemoServer", "user-writes-crash-app",
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMTesting", package: "swift-mvvm"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RegistrationFeatureTests",
            dependencies: [
                "RegistrationFeature",
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMCombineTesting", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AppFeatureTests",
            dependencies: [
                "AppFeature", "UserListFeature", "WeatherFeature", "RegistrationFeature",
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMTesting", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DemoServerTests",
            dependencies: [
                "DemoServer",
                // AvatarTests: CRC-32 and inflate, to check the avatar PNGs independently.
                "CDemoZlib",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
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
            dependencies: [
                "mvvm-demo", "demo-server", "terminal-session-probe",
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMTesting", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DemoScreensTests",
            dependencies: [
                "DemoScreens", "AppFeature", "UserListFeature", "WeatherFeature", "RegistrationFeature",
                .product(name: "MVVMTerminal", package: "swift-mvvm"), .product(name: "MVVMCore", package: "swift-mvvm"),
                .product(name: "_MVVMTestSupport", package: "swift-mvvm"), .product(name: "MVVMTesting", package: "swift-mvvm"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// CI's ThreadSanitizer run, as in the library's Package.swift: MVVM_THREAD_SANITIZER=1
// instruments this package's targets (and, through that manifest, the library's).
if Context.environment["MVVM_THREAD_SANITIZER"] == "1" {
    for target in package.targets where target.type != .plugin && target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=thread"]), .define("MVVM_THREAD_SANITIZER")]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=thread"])]
    }
}
