import Foundation
import MVVMCombine

/// The articles' `CombineUserListViewModel` shape: an `ObservableObject` with `@Published`
/// inputs and outputs, `CombineLatest3` of `$users`, a debounced `$searchText` and `$filter`,
/// assigned with `assign(to: &$x)`. Only the import differs from the article's Combine code,
/// and the scheduler is injected instead of `DispatchQueue.main`.
@MainActor
final class PublishedUserListViewModel: ObservableObject {
    @Published private(set) var users: [User] = []
    @Published var searchText = ""
    @Published var filter: UserFilter = .all
    @Published private(set) var filteredUsers: [User] = []
    @Published private(set) var activeUsersCount = 0

    init(scheduler: AnySchedulerOf<DispatchQueue> = .main) {
        Publishers.CombineLatest3(
            $users,
            $searchText.debounce(for: .milliseconds(300), scheduler: scheduler),
            $filter
        )
        .map { users, searchText, filter in
            users.filter { user in
                (searchText.isEmpty || user.name.localizedCaseInsensitiveContains(searchText))
                    && (filter == .all || user.isActive == (filter == .active))
            }
        }
        .assign(to: &$filteredUsers)

        $users
            .map { $0.filter(\.isActive).count }
            .assign(to: &$activeUsersCount)
    }

    func usersLoaded(_ users: [User]) {
        self.users = users
    }
}
