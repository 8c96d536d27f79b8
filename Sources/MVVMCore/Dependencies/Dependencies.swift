public import Foundation

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
public struct Dependencies: Sendable {
    /// The clock that debounces, throttles, backs off and sleeps: `ContinuousClock()` in an app,
    /// a test clock in a test.
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

    /// The values of the world as an app sees it: no key set.
    public init() {}

    /// The value for `key`: the one set in a ``with(_:operation:)-(_,()->R)`` scope, else the
    /// key's ``Dependencies/Key/liveValue``.
    public subscript<K: Key>(key: K.Type) -> K.Value {
        get { (values[ObjectIdentifier(key)] as? K.Value) ?? K.liveValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The values in effect here: those of the innermost ``with(_:operation:)-(_,()->R)`` scope
    /// of this task (a child task inherits them), else an app's.
    public static var current: Dependencies { scoped }

    @TaskLocal private static var scoped = Dependencies()

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
