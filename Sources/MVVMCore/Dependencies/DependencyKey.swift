/// A value of an app's own that ``Dependencies`` holds: a repository, an API client. Its
/// ``liveValue`` is what an app uses unless a scope sets another.
///
/// ```swift
/// enum UsersKey: DependencyKey {
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
public protocol DependencyKey {
    /// The kind of value.
    associatedtype Value: Sendable
    /// The value an app uses when no scope sets one.
    static var liveValue: Value { get }
}
