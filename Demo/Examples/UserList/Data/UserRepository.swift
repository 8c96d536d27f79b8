import Foundation
import MVVMCore
import MVVMData

/// Where the user list gets and changes users: domain models and ``UserError``s only.
public protocol UserRepository: Sendable {
    /// The page of users after `cursor` (the first page when `nil`) matching `query` (name or
    /// email, case- and diacritic-insensitive) and `filter`, filtered on the server.
    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage
    /// One user by id; ``UserError/notFound`` when the server has none.
    func user(id: Int) async throws(UserError) -> User
    /// Counts over all users.
    func stats() async throws(UserError) -> UserStats
    /// Sends a write from the outbox with its idempotency key, so that a retry or a replay after
    /// a restart is not applied twice: the user as the server now has it, or `nil` when it has
    /// none (deleted by this write, or gone before it).
    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User?
}

/// The repository over the demo API (the RemoteDataSource): article 002's Repository, in domain
/// models and ``UserError``s. What the device keeps is kept by ``UserRecords`` (every user seen,
/// and the writes waiting for the server) and by the list's ``LiveQuery`` (its counts), so that
/// every query is answered offline from the same records.
public struct RemoteUserRepository: UserRepository {
    private let dataSource: UserRemoteDataSource

    /// A repository reading through `dataSource`.
    public init(dataSource: UserRemoteDataSource) {
        self.dataSource = dataSource
    }

    /// One page from `GET /api/users`. Not saved as a page: the list's ``LiveQuery`` merges it
    /// into ``UserRecords``, which answer every query offline.
    public func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        try await withDomainErrors(UserError.self) { () async throws(APIError) in
            let dto = try await dataSource.users(after: cursor, size: size, query: query, filter: filter)
            return UserPage(users: dto.items.map(\.user), total: dto.total, nextCursor: dto.nextCursor)
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

    /// `PATCH` or `DELETE /api/users/{id}` with an `Idempotency-Key` header. A user the server
    /// does not have (404) is gone: `nil`, so a toggle of a user deleted elsewhere removes the
    /// row, and a delete sent twice is done.
    public func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User? {
        do {
            return try await withDomainErrors(UserError.self) { () async throws(APIError) -> User? in
                switch write {
                case .setActive(let isActive, let userID):
                    return try await dataSource.setActive(isActive, userID: userID, idempotencyKey: idempotencyKey).user
                case .delete(let userID):
                    try await dataSource.delete(userID: userID, idempotencyKey: idempotencyKey)
                    return nil
                }
            }
        } catch .notFound {
            return nil
        }
    }
}
