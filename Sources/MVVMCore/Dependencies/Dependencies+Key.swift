extension Dependencies {
    /// A value of an app's own that ``Dependencies`` holds: a repository, an API client. Its
    /// ``liveValue`` is what an app uses unless a scope sets another; its ``testValue`` is what a
    /// test that sets none reads.
    ///
    /// Nested in ``Dependencies``, so that a file that also imports Point-Free's swift-dependencies
    /// (whose protocol is `DependencyKey`) names each without ambiguity.
    ///
    /// ```swift
    /// enum UsersKey: Dependencies.Key {
    ///     static var liveValue: any UserRepository { RemoteUserRepository() }
    /// }
    ///
    /// extension Dependencies {
    ///     var users: any UserRepository {
    ///         get { self[UsersKey.self] }
    ///         set { self[UsersKey.self] = newValue }
    ///     }
    /// }
    /// ```
    public protocol Key {
        /// The kind of value.
        associatedtype Value: Sendable
        /// The value an app uses when no scope sets one.
        static var liveValue: Value { get }
        /// The value a test reads when it sets none. Unless a key gives one, reading the key in
        /// a test that did not set it fails the test, naming the key, and reads ``liveValue``.
        /// Give one only where every test is served well by it (a store in memory, say).
        static var testValue: Value { get }
    }
}

extension Dependencies.Key {
    /// Fails the test that reads the key without setting it, naming the key, and reads
    /// ``Dependencies/Key/liveValue``.
    public static var testValue: Value {
        let name = String(describing: Self.self)
        Dependencies.reportUnset(name, set: "$0[\(name).self] = …")
        return liveValue
    }
}
