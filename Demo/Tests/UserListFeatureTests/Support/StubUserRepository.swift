import Foundation
import MVVMTesting
import UserListFeature

/// A user repository over an in-memory table, answering after a latency on a test clock, with
/// failures on demand. It filters like the demo server: case- and diacritic-insensitive.
final class StubUserRepository: UserRepository, @unchecked Sendable {
    // `@unchecked Sendable`: every mutable property is only touched while `lock` is held.
    private let lock = NSLock()
    private var table: [User]
    private var failures: [Operation: UserError] = [:]
    private var log: [String] = []
    let clock: TestClock
    let pageLatency: Duration = .milliseconds(100)
    /// Queries answered more slowly than `pageLatency`.
    var slowQueries: [String: Duration] = [:]
    let statsLatency: Duration = .milliseconds(50)
    let writeLatency: Duration = .milliseconds(200)

    enum Operation: Hashable { case users, user, stats, setActive, delete }
    /// Counts to answer instead of the table's (a hostile or broken server's numbers).
    var statsOverride: UserStats? {
        get { lock.withLock { overriddenStats } }
        set { lock.withLock { overriddenStats = newValue } }
    }
    private var overriddenStats: UserStats?
    /// An id to answer writes with instead of the user's own (a broken server).
    var setActiveAnswersWithID: Int? {
        get { lock.withLock { answerID } }
        set { lock.withLock { answerID = newValue } }
    }
    private var answerID: Int?
    init(users: [User], clock: TestClock) {
        self.table = users
        self.clock = clock
    }

    /// Calls made so far, e.g. `users(page: 1, q: "", all)`.
    var calls: [String] { lock.withLock { log } }

    /// Makes every later call of `operation` fail with `error` (`nil` to stop).
    func fail(_ operation: Operation, with error: UserError?) {
        lock.withLock { failures[operation] = error }
    }

    /// Keyset pages over the table in id order, as the demo server pages: the rows after the
    /// cursor `u<id>`, so rows deleted or inserted meanwhile never shift a page.
    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        let (rows, failure) = lock.withLock {
            log.append("users(after: \(cursor ?? "nil"), q: \"\(query)\", \(filter))")
            return (table, failures[.users])
        }
        try await wait(lock.withLock { slowQueries[query] } ?? pageLatency)
        if let failure { throw failure }
        let folded = Self.fold(query)
        let matching = rows.filter { user in
            filter.includes(user) && (folded.isEmpty || Self.fold("\(user.name) \(user.email)").contains(folded))
        }
        let afterID = cursor.flatMap { Int($0.dropFirst()) } ?? Int.min
        let rest = matching.filter { $0.id > afterID }
        let slice = Array(rest.prefix(size))
        return UserPage(users: slice, total: matching.count, nextCursor: rest.count > size ? slice.last.map { "u\($0.id)" } : nil)
    }

    func user(id: Int) async throws(UserError) -> User {
        let (rows, failure) = lock.withLock {
            log.append("user(\(id))")
            return (table, failures[.user])
        }
        try await wait(statsLatency)
        if let failure { throw failure }
        guard let user = rows.first(where: { $0.id == id }) else { throw .notFound }
        return user
    }

    /// Removes a user, as another device would.
    func deleteElsewhere(_ userID: Int) {
        lock.withLock { table.removeAll { $0.id == userID } }
    }

    /// Toggles a user's active flag, as another device would.
    func toggleElsewhere(_ userID: Int) {
        lock.withLock {
            guard let index = table.firstIndex(where: { $0.id == userID }) else { return }
            table[index].isActive.toggle()
        }
    }

    func stats() async throws(UserError) -> UserStats {
        let (rows, failure) = lock.withLock {
            log.append("stats")
            return (table, failures[.stats])
        }
        try await wait(statsLatency)
        if let failure { throw failure }
        return statsOverride ?? UserStats(total: rows.count, active: rows.filter(\.isActive).count)
    }

    /// Sends a write as the real repository does: the saved user, or `nil` when the table has
    /// none (deleted by this write, or gone before it). Logged as `setActive(false, 3)` or
    /// `delete(3)`; the keys it was sent with are in `idempotencyKeys`.
    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User? {
        lock.withLock { keys.append(idempotencyKey) }
        switch write {
        case .setActive(let isActive, let userID):
            do throws(UserError) {
                return try await setActive(isActive, userID: userID)
            } catch .notFound {
                return nil
            }
        case .delete(let userID):
            try await deleteUser(userID)
            return nil
        }
    }

    /// Runs the work on this server's test clock as far as it goes without moving time (the
    /// records' delivery runs there: `TestRecords(clock:)`), then says whether `count` writes in
    /// all have reached this server, each waiting for its answer on the clock.
    func waitForWrites(_ count: Int) async -> Bool {
        await clock.advance(by: .zero)
        return calls.count { $0.hasPrefix("setActive(") || $0.hasPrefix("delete(") } >= count
    }

    /// The idempotency keys writes were sent with, in order.
    var idempotencyKeys: [String] { lock.withLock { keys } }
    private var keys: [String] = []

    private func setActive(_ isActive: Bool, userID: Int) async throws(UserError) -> User {
        let failure = lock.withLock {
            log.append("setActive(\(isActive), \(userID))")
            return failures[.setActive]
        }
        try await wait(writeLatency)
        if let failure { throw failure }
        let saved: User? = lock.withLock {
            guard let index = table.firstIndex(where: { $0.id == userID }) else { return nil }
            table[index].isActive = isActive
            return table[index]
        }
        guard let saved else { throw .notFound }
        guard let answerID = setActiveAnswersWithID else { return saved }
        return User(id: answerID, name: saved.name, email: saved.email, isActive: saved.isActive, avatarURL: saved.avatarURL)
    }

    private func deleteUser(_ userID: Int) async throws(UserError) {
        let failure = lock.withLock {
            log.append("delete(\(userID))")
            return failures[.delete]
        }
        try await wait(writeLatency)
        if let failure { throw failure }
        lock.withLock { table.removeAll { $0.id == userID } }
    }

    private func wait(_ latency: Duration) async throws(UserError) {
        do {
            try await clock.sleep(for: latency)
        } catch {
            throw .cancelled
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

/// Records analytics events.
final class RecordingAnalytics: AnalyticsTracker, @unchecked Sendable {
    // `@unchecked Sendable`: `recorded` is only touched while `lock` is held.
    private let lock = NSLock()
    private var recorded: [UserListAnalyticsEvent] = []
    var events: [UserListAnalyticsEvent] { lock.withLock { recorded } }
    func track(_ event: UserListAnalyticsEvent) { lock.withLock { recorded.append(event) } }
}

/// `count` users with ids 1…count: names cycle through a few, every third user inactive.
func sampleUsers(_ count: Int) -> [User] {
    let names = ["Ann Lee", "José Álvarez", "山田 太郎", "Zoë Müller", "Bob Smith"]
    return (1...count).map { id in
        let name = names[(id - 1) % names.count]
        return User(id: id, name: name, email: "user\(id)@example.com", isActive: id % 3 != 0)
    }
}
