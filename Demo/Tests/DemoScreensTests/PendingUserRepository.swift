import MVVMData
import MVVMTesting
import UserListFeature

/// Users' records whose writes wait in memory and are never sent.
@MainActor
func unsentRecords() -> UserRecords {
    UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: TestClock()), search: .users)
}

/// A repository whose every call waits (cancellably) for an hour: the screen's key handling is
/// tested without the ViewModel's async work ever changing the state.
struct PendingUserRepository: UserRepository {
    private func wait() async {
        try? await Task.sleep(for: .seconds(3600))
    }

    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        await wait()
        throw .server(statusCode: 503)
    }

    func user(id: Int) async throws(UserError) -> User {
        await wait()
        throw .server(statusCode: 503)
    }

    func stats() async throws(UserError) -> UserStats {
        await wait()
        throw .server(statusCode: 503)
    }

    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User? {
        await wait()
        throw .server(statusCode: 503)
    }
}

/// A repository that answers the first page with `users` at once, and waits on every other call.
struct OnePageUserRepository: UserRepository {
    let users: [User]
    private let pending = PendingUserRepository()

    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        UserPage(users: users, total: users.count, nextCursor: nil)
    }

    func user(id: Int) async throws(UserError) -> User {
        guard let user = users.first(where: { $0.id == id }) else { throw .notFound }
        return user
    }

    func stats() async throws(UserError) -> UserStats {
        UserStats(total: users.count, active: users.filter(\.isActive).count)
    }

    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User? {
        try await pending.send(write, idempotencyKey: idempotencyKey)
    }
}
