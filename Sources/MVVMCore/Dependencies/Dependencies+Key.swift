extension Dependencies {
    /// A value of an app's own that ``Dependencies`` holds: a repository, an API client. Its
    /// ``liveValue`` is what an app uses unless a scope sets another.
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
    }
}
