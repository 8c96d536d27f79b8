import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import RegistrationFeature
import UserListFeature
import WeatherFeature

/// Users in memory, answering at once; a user deleted "elsewhere" is gone for every call.
final class InMemoryUserRepository: UserRepository, @unchecked Sendable {
    // `@unchecked Sendable`: `table` is only touched while `lock` is held.
    private let lock = NSLock()
    private var table: [User]

    init(_ users: [User]) {
        table = users
    }

    var users: [User] { lock.withLock { table } }

    func deleteElsewhere(_ userID: Int) {
        lock.withLock { table.removeAll { $0.id == userID } }
    }

    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(UserError) -> UserPage {
        let rows = users.filter(filter.includes)
        let afterID = cursor.flatMap { Int($0.dropFirst()) } ?? Int.min
        let rest = rows.filter { $0.id > afterID }
        let slice = Array(rest.prefix(size))
        return UserPage(users: slice, total: rows.count, nextCursor: rest.count > size ? slice.last.map { "u\($0.id)" } : nil)
    }

    func user(id: Int) async throws(UserError) -> User {
        guard let user = users.first(where: { $0.id == id }) else { throw .notFound }
        return user
    }

    func stats() async throws(UserError) -> UserStats {
        let rows = users
        return UserStats(total: rows.count, active: rows.filter(\.isActive).count)
    }

    /// The saved user, or `nil` when there is none (deleted by this write, or before it).
    func send(_ write: UserWrite, idempotencyKey: String) async throws(UserError) -> User? {
        lock.withLock {
            switch write {
            case .setActive(let isActive, let userID):
                guard let index = table.firstIndex(where: { $0.id == userID }) else { return nil }
                table[index].isActive = isActive
                return table[index]
            case .delete(let userID):
                table.removeAll { $0.id == userID }
                return nil
            }
        }
    }
}

/// A registration repository the app tests never call.
struct UnusedRegistrationRepository: RegistrationRepository {
    func register(_ request: RegistrationRequest) async throws(RegistrationError) -> Registration {
        throw .noInternet
    }
}

/// A forecast for every city, at once.
struct InstantWeatherRepository: WeatherRepository {
    func forecast(for city: City) async throws(WeatherError) -> Forecast {
        Forecast(title: "\(city.prefecture) \(city.name) の天気", publishedAt: "2024/09/28 11:00:00",
                 publishingOffice: "", headline: "", body: "晴れ。", days: [])
    }
}

/// Three users: 1 and 2 active, 3 inactive.
let sampleUsers = [
    User(id: 1, name: "Ann Lee", email: "ann@example.com", isActive: true),
    User(id: 2, name: "山田 太郎", email: "taro@example.com", isActive: true),
    User(id: 3, name: "Zoë Müller", email: "zoe@example.com", isActive: false),
]

extension Dependencies {
    /// The app's repositories in its tests: `users` for the user screens, records whose writes
    /// wait in memory, and stand-ins for registration and weather.
    @MainActor
    mutating func useTestRepositories(users: any UserRepository) {
        self.users = users
        registrations = UnusedRegistrationRepository()
        weather = InstantWeatherRepository()
        userRecords = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: TestClock()), search: .users)
    }
}
