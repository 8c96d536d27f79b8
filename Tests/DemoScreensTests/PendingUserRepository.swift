import UserListFeature

/// A repository whose every call waits (cancellably) for an hour: the screen's key handling is
/// tested without the ViewModel's async work ever changing the state.
struct PendingUserRepository: UserRepository {
    private func wait() async {
        try? await Task.sleep(for: .seconds(3600))
    }

    func users(page: Int, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        await wait()
        throw .server
    }

    func user(id: Int) async throws(UserError) -> User {
        await wait()
        throw .server
    }

    func stats() async throws(UserError) -> UserStats {
        await wait()
        throw .server
    }

    func setActive(_ isActive: Bool, userID: Int) async throws(UserError) -> User {
        await wait()
        throw .server
    }

    func deleteUser(_ userID: Int) async throws(UserError) {
        await wait()
        throw .server
    }
}

/// A repository that answers the first page with `users` at once, and waits on every other call.
struct OnePageUserRepository: UserRepository {
    let users: [User]
    private let pending = PendingUserRepository()

    func users(page: Int, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        UserPage(users: users, total: users.count, hasMore: false)
    }

    func user(id: Int) async throws(UserError) -> User {
        guard let user = users.first(where: { $0.id == id }) else { throw .notFound }
        return user
    }

    func stats() async throws(UserError) -> UserStats {
        UserStats(total: users.count, active: users.filter(\.isActive).count)
    }

    func setActive(_ isActive: Bool, userID: Int) async throws(UserError) -> User {
        try await pending.setActive(isActive, userID: userID)
    }

    func deleteUser(_ userID: Int) async throws(UserError) {
        try await pending.deleteUser(userID)
    }
}
