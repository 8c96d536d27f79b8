public import MVVMCore

/// The user screens' repository, records and pictures, taken from `Dependencies`: an app sets
/// them once, around what it makes; a test overrides one the same way, without touching an
/// initializer.
///
/// ```swift
/// let app = try Dependencies.with {
///     $0.users = RemoteUserRepository(dataSource: UserRemoteDataSource(client: api))
///     $0.userRecords = records
/// } operation: {
///     try AppViewModel()
/// }
/// ```
extension Dependencies {
    /// Where users are read and written. An app that sets none gets a repository whose every
    /// call fails with ``UserError/unknown``.
    public var users: any UserRepository {
        get { self[UserRepositoryKey.self] }
        set { self[UserRepositoryKey.self] = newValue }
    }

    /// The users every screen shows, and where toggles and deletes wait for the server: one for
    /// the whole app. `nil` when the app sets none: the app then keeps them in memory.
    public var userRecords: UserRecords? {
        get { self[UserRecordsKey.self] }
        set { self[UserRecordsKey.self] = newValue }
    }

    /// Where users' pictures come from; `nil` (the default) for none: rows show initials.
    public var avatars: AvatarLoader? {
        get { self[AvatarLoaderKey.self] }
        set { self[AvatarLoaderKey.self] = newValue }
    }
}

enum UserRepositoryKey: Dependencies.Key {
    static var liveValue: any UserRepository { UnsetUserRepository() }
}

enum UserRecordsKey: Dependencies.Key {
    static var liveValue: UserRecords? { nil }
}

enum AvatarLoaderKey: Dependencies.Key {
    static var liveValue: AvatarLoader? { nil }
}

/// The repository of an app that set none (`Dependencies.users`): every call fails, as a server
/// that cannot be reached would, so the screens show an error rather than an empty list.
struct UnsetUserRepository: UserRepository {
    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage { throw .unknown }
    func user(id: Int) async throws(UserError) -> User { throw .unknown }
    func stats() async throws(UserError) -> UserStats { throw .unknown }
    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User? { throw .unknown }
}
