import Foundation
import MVVMCore
public import MVVMData

/// Where the user list gets and changes users: domain models and ``UserError``s only.
public protocol UserRepository: Sendable {
    /// The page of users after `cursor` (the first page when `nil`) matching `query` (name or
    /// email, case- and diacritic-insensitive) and `filter`, filtered on the server.
    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage
    /// The saved copy of a page, marked with when it was saved, if the device has one: what the
    /// list shows at once while it asks the server. `nil` by default (no saved data).
    func savedUsers(after cursor: String?, size: Int, query: String, filter: UserFilter) async -> UserPage?
    /// One user by id; ``UserError/notFound`` when the server has none.
    func user(id: Int) async throws(UserError) -> User
    /// Counts over all users.
    func stats() async throws(UserError) -> UserStats
    /// Sends a write from the outbox with its idempotency key, so that a retry or a replay after
    /// a restart is not applied twice: the user as the server now has it, or `nil` when it has
    /// none (deleted by this write, or gone before it).
    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User?
}

extension UserRepository {
    /// No saved data: `nil`.
    public func savedUsers(after cursor: String?, size: Int, query: String, filter: UserFilter) async -> UserPage? { nil }
}

/// The repository over the demo API (the RemoteDataSource) and, when given, the device's saved
/// pages and counts (the LocalDataSource): article 002's Repository bundling both.
///
/// With saved data, reads are network-first: the server's answer is saved and shown; when the
/// server cannot answer, the saved copy is returned instead, marked with its
/// ``UserPage/origin`` and the ``UserPage/failure``. Writes always go to the server (from the
/// outbox, through ``UserRecords``).
public struct RemoteUserRepository: UserRepository {
    private let dataSource: UserRemoteDataSource
    private let local: LocalDataSource?

    /// A repository reading through `dataSource`, keeping pages and counts in `local` when given.
    public init(dataSource: UserRemoteDataSource, local: LocalDataSource? = nil) {
        self.dataSource = dataSource
        self.local = local
    }

    /// One page from `GET /api/users`, or its saved copy when the server cannot answer.
    public func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        return try await networkFirst(Self.pageKey(after: cursor, size: size, query: query, filter: filter)) { () async throws(UserError) in
            try await withDomainErrors(UserError.self) { () async throws(APIError) in
                let dto = try await dataSource.users(after: cursor, size: size, query: query, filter: filter)
                return UserPage(users: dto.items.map(\.user), total: dto.total, nextCursor: dto.nextCursor)
            }
        } saved: { page, savedAt, failure in
            page.origin = .saved(at: savedAt)
            page.failure = failure
        }
    }

    /// The page saved when the server last sent it, marked `.saved(at:)`; `nil` without saved
    /// data or when nothing usable is saved (a miss is logged by the local data source).
    public func savedUsers(after cursor: String?, size: Int, query: String, filter: UserFilter) async -> UserPage? {
        guard let local else { return nil }
        guard let saved = try? await local.saved(UserPage.self, for: Self.pageKey(after: cursor, size: size, query: query, filter: filter)) else {
            return nil
        }
        var page = saved.value
        page.origin = saved.origin
        return page
    }

    private static func pageKey(after cursor: String?, size: Int, query: String, filter: UserFilter) -> String {
        "users?cursor=\(cursor ?? "")&size=\(size)&q=\(query)&status=\(filter.rawValue)"
    }

    /// `GET /api/users/{id}`.
    public func user(id: Int) async throws(UserError) -> User {
        try await withDomainErrors(UserError.self) { () async throws(APIError) in
            try await dataSource.user(id: id).user
        }
    }

    /// `GET /api/users/stats`, or the saved counts when the server cannot answer.
    public func stats() async throws(UserError) -> UserStats {
        try await networkFirst("users/stats") { () async throws(UserError) in
            try await withDomainErrors(UserError.self) { () async throws(APIError) in
                let dto = try await dataSource.stats()
                return UserStats(total: dto.total, active: dto.active)
            }
        } saved: { _, _, _ in }
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

    /// `fetch`'s value, saved; when it fails, the saved value under `key` marked by `mark`, or
    /// the failure when nothing is saved (``CachePolicy/networkFirst``).
    private func networkFirst<Value: Codable & Sendable>(
        _ key: String,
        _ fetch: @escaping @Sendable () async throws(UserError) -> Value,
        saved mark: (inout Value, Date, UserError) -> Void
    ) async throws(UserError) -> Value {
        guard let local else { return try await fetch() }
        var latest: Fetched<Value>?
        do {
            for try await value in local.fetch(key, policy: .networkFirst, from: { () async throws(UserError) in try await fetch() }) {
                latest = value
            }
        } catch {
            let failure = error as? UserError ?? (error is CancellationError || Task.isCancelled ? .cancelled : .unknown)
            guard failure != .cancelled, var value = latest?.value, let savedAt = latest?.savedAt else { throw failure }
            mark(&value, savedAt, failure)
            return value
        }
        // A stream that ends with nothing was cancelled (its consumer stopped).
        guard let latest else { throw Task.isCancelled ? .cancelled : .unknown }
        return latest.value
    }
}
