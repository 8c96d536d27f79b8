import MVVMData

/// Where the user list gets and changes users: domain models and ``UserError``s only.
public protocol UserRepository: Sendable {
    /// One page of users matching `query` (name or email, case- and diacritic-insensitive) and
    /// `filter`, filtered on the server.
    func users(page: Int, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage
    /// One user by id; ``UserError/notFound`` when the server has none.
    func user(id: Int) async throws(UserError) -> User
    /// Counts over all users.
    func stats() async throws(UserError) -> UserStats
    /// Saves a user's active flag; returns the saved user.
    func setActive(_ isActive: Bool, userID: Int) async throws(UserError) -> User
    /// Deletes a user.
    func deleteUser(_ userID: Int) async throws(UserError)
}

/// The repository over the demo API.
public struct RemoteUserRepository: UserRepository {
    private let dataSource: UserRemoteDataSource

    /// A repository reading through `dataSource`.
    public init(dataSource: UserRemoteDataSource) {
        self.dataSource = dataSource
    }

    /// One page from `GET /api/users`.
    public func users(page: Int, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        try await withDomainErrors(UserError.self) { () async throws(APIError) in
            let dto = try await dataSource.users(page: page, size: size, query: query, filter: filter)
            return UserPage(users: dto.items.map(\.user), total: dto.total, hasMore: dto.hasMore)
        }
    }

    /// `GET /api/users/{id}`.
    public func user(id: Int) async throws(UserError) -> User {
        try await withDomainErrors(UserError.self) { () async throws(APIError) in
            try await dataSource.user(id: id).user
        }
    }

    /// `GET /api/users/stats`.
    public func stats() async throws(UserError) -> UserStats {
        try await withDomainErrors(UserError.self) { () async throws(APIError) in
            let dto = try await dataSource.stats()
            return UserStats(total: dto.total, active: dto.active)
        }
    }

    /// `PATCH /api/users/{id}`.
    public func setActive(_ isActive: Bool, userID: Int) async throws(UserError) -> User {
        try await withDomainErrors(UserError.self) { () async throws(APIError) in
            try await dataSource.setActive(isActive, userID: userID).user
        }
    }

    /// `DELETE /api/users/{id}`.
    public func deleteUser(_ userID: Int) async throws(UserError) {
        try await withDomainErrors(UserError.self) { () async throws(APIError) in
            try await dataSource.delete(userID: userID)
        }
    }
}
