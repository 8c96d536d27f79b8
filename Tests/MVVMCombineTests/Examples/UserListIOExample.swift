import Foundation
import MVVMCombine

/// The articles' Input/Output user list (`InputOutputViewModel`), in our API, with its bugs
/// fixed: a refresh replaces a fetch in flight (`switchToLatest`, not `flatMap`), a failed
/// fetch keeps the users on screen (not `Just([])`), the first search text applies at once, and
/// time comes from an injected scheduler.
struct User: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
    var email: String
    var isActive: Bool
}

enum UserFilter: Equatable, Sendable {
    case all, active, inactive
}

@MainActor
final class UserListIOViewModel: @MainActor TransformingViewModel {
    struct Input {
        let fetchTrigger: AnyPublisher<Void, Never>
        let refreshTrigger: AnyPublisher<Void, Never>
        let searchText: AnyPublisher<String, Never>
        let filterSelection: AnyPublisher<UserFilter, Never>
        let userSelection: AnyPublisher<User, Never>
    }

    struct Output {
        let users: Driver<[User]>
        let isLoading: Driver<Bool>
        let errorMessage: Driver<String?>
        let selectedUser: Driver<User?>
    }

    private let fetchUsers: () -> AnyPublisher<[User], any Error>
    private let scheduler: AnySchedulerOf<DispatchQueue>
    private let presenter = ErrorPresenter(fallbackMessage: "ユーザーを読み込めませんでした。")

    init(fetchUsers: @escaping () -> AnyPublisher<[User], any Error>, scheduler: AnySchedulerOf<DispatchQueue> = .main) {
        self.fetchUsers = fetchUsers
        self.scheduler = scheduler
    }

    func transform(input: Input) -> Output {
        let isLoading = CurrentValueSubject<Bool, Never>(false)
        let errorMessage = CurrentValueSubject<String?, Never>(nil)
        let fetchUsers = self.fetchUsers
        let presenter = self.presenter

        let fetched = Publishers.Merge(input.fetchTrigger, input.refreshTrigger)
            .map { _ -> AnyPublisher<[User], Never> in
                fetchUsers()
                    .handleEvents(
                        receiveSubscription: { _ in
                            isLoading.send(true)
                            errorMessage.send(nil)
                        },
                        receiveCompletion: { _ in isLoading.send(false) }
                    )
                    .catch { error -> Empty<[User], Never> in
                        errorMessage.send(presenter.presentation(for: error)?.message.resolved(in: .current))
                        return Empty()
                    }
                    .eraseToAnyPublisher()
            }
            .switchToLatest()
            .receive(on: scheduler)

        let query = input.searchText.prefix(1)
            .merge(with: input.searchText.dropFirst().debounce(for: .milliseconds(300), scheduler: scheduler))
            .removeDuplicates()

        let users = Publishers.CombineLatest3(fetched, query, input.filterSelection)
            .map { users, query, filter in Self.filter(users, query: query, filter: filter) }
            .removeDuplicates()

        return Output(
            users: users.asDriver(),
            isLoading: isLoading.removeDuplicates().asDriver(),
            errorMessage: errorMessage.removeDuplicates().asDriver(),
            selectedUser: input.userSelection.map(Optional.some).prepend(nil).asDriver()
        )
    }

    private nonisolated static func filter(_ users: [User], query: String, filter: UserFilter) -> [User] {
        users.filter { user in
            let matchesQuery = query.isEmpty
                || user.name.localizedCaseInsensitiveContains(query)
                || user.email.localizedCaseInsensitiveContains(query)
            switch filter {
            case .all: return matchesQuery
            case .active: return matchesQuery && user.isActive
            case .inactive: return matchesQuery && !user.isActive
            }
        }
    }
}

/// A user service on a test scheduler: each fetch answers after `latency`, or fails.
final class StubUserService: @unchecked Sendable {
    // `@unchecked Sendable`: used only on the main actor by @MainActor tests.
    var users: [User]
    var failNext = false
    private(set) var fetchCount = 0
    let scheduler: AnySchedulerOf<DispatchQueue>
    let latency: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(100)

    struct Offline: PresentableError {
        var title: LocalizedText { "通信エラー" }
        var message: LocalizedText { "インターネットに接続できません。" }
    }

    init(users: [User], scheduler: AnySchedulerOf<DispatchQueue>) {
        self.users = users
        self.scheduler = scheduler
    }

    func fetchUsers() -> AnyPublisher<[User], any Error> {
        fetchCount += 1
        let result: Result<[User], any Error> = failNext ? .failure(Offline()) : .success(users)
        failNext = false
        return result.publisher.delay(for: latency, scheduler: scheduler).eraseToAnyPublisher()
    }
}
