public import Foundation
import IssueReporting

/// What a ViewModel and the library take from the world, in one place: the clock, the time now,
/// new ids, randomness, and the app's own values (its repositories, ``Dependencies/Key``).
///
/// Everything that needs one reads ``current`` once, when it is made: a `StateStore`'s clock, a
/// `RecordStore`'s and an `Outbox`'s ids and dates (MVVMData), an app's repositories. A test
/// changes one of them for everything made inside ``with(_:operation:)-(_,()->R)``, without
/// passing it through any initializer:
///
/// ```swift
/// let records = Dependencies.with {
///     $0.now = { Date(timeIntervalSince1970: 0) }
///     $0.newID = .counting()
/// } operation: {
///     RecordStore(outbox: Outbox(storage: storage), storage: cache)
/// }
/// ```
///
/// Values are read when a thing is made, not on every use: a ViewModel made in a test's scope
/// keeps the test's clock while its work runs later, outside it.
///
/// In an app, a value no scope sets is the live one. In a test process (Swift Testing or XCTest),
/// it fails the test at its first use, naming the value and how to set it, as TCA's dependencies
/// do: the clock when something sleeps on it or reads its time, ``now``, ``newID`` and ``random``
/// when called, an app's key when read unless the key gives a ``Key/testValue``. The test then
/// goes on with the live value. (`DependenciesStrictnessTests`)
public struct Dependencies: Sendable {
    /// The clock that debounces, throttles, backs off and sleeps: `ContinuousClock()` in an app,
    /// a test clock in a test (`ViewModelTester(_:clock:)` in MVVMTesting sets it).
    public var clock: any Clock<Duration> = ContinuousClock()
    /// The time now: when a write was made, when a record was learnt, when a cache entry was
    /// saved. `Date()` in an app.
    public var now: @Sendable () -> Date = { Date() }
    /// A new id for each call: a write's id in the outbox. A random `UUID` in an app.
    public var newID: NewID = .random
    /// 64 random bits for each call: `UInt64.random(in:)` in an app.
    public var random: @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) }
    /// The app's own values, by key.
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// Whether a key no scope set reads its ``Key/testValue``: in a test process.
    var readsTestValues = false

    /// The values of the world as an app sees it: no key set, every value live.
    public init() {}

    /// The value for `key`: the one set in a ``with(_:operation:)-(_,()->R)`` scope, else the
    /// key's ``Dependencies/Key/liveValue`` (its ``Dependencies/Key/testValue`` in a test).
    public subscript<K: Key>(key: K.Type) -> K.Value {
        get {
            if let value = values[ObjectIdentifier(key)] as? K.Value { return value }
            return readsTestValues ? K.testValue : K.liveValue
        }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The values in effect here: those of the innermost ``with(_:operation:)-(_,()->R)`` scope
    /// of this task (a child task inherits them), else an app's (a test's unset ones in a test).
    public static var current: Dependencies { scoped }

    @TaskLocal private static var scoped = isTesting ? Dependencies.unset : Dependencies()

    /// Runs `operation` with the values `change` sets, on top of ``current``.
    public static func with<R>(
        _ change: (inout Dependencies) throws -> Void, operation: () throws -> R
    ) rethrows -> R {
        var values = current
        try change(&values)
        return try $scoped.withValue(values, operation: operation)
    }

    /// Runs `operation` with the values `change` sets, on top of ``current``; the values stay for
    /// the tasks `operation` starts.
    public static func with<R>(
        isolation: isolated (any Actor)? = #isolation,
        _ change: (inout Dependencies) throws -> Void, operation: () async throws -> R
    ) async rethrows -> R {
        var values = current
        try change(&values)
        return try await $scoped.withValue(values, operation: operation)
    }
}
