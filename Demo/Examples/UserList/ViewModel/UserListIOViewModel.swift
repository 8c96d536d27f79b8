public import MVVMCombine

/// The user list in the Input/Output style (the articles' `InputOutputViewModel`): the same
/// logic as ``UserListViewModel``, which it drives, bound through publishers.
///
/// ```swift
/// let output = UserListIOViewModel(repository: repository, records: records).transform(input: .init(
///     appeared: viewDidAppear.eraseToAnyPublisher(),
///     searchText: searchBar.textPublisher
/// ))
/// output.users.drive { [weak self] in self?.show($0) }.store(in: &cancellables)
/// ```
@MainActor
public final class UserListIOViewModel: @MainActor TransformingViewModel {
    /// What the screen sends; every input defaults to one that never sends.
    public struct Input {
        /// The screen appeared.
        public var appeared: AnyPublisher<Void, Never>
        /// Pull to refresh.
        public var refreshPulled: AnyPublisher<Void, Never>
        /// The last rows came into view.
        public var lastRowsAppeared: AnyPublisher<Void, Never>
        /// Retry after a failed page load.
        public var retryTapped: AnyPublisher<Void, Never>
        /// The search field's text.
        public var searchText: AnyPublisher<String, Never>
        /// The chosen filter.
        public var filterSelection: AnyPublisher<UserFilter, Never>
        /// The id of a selected row.
        public var userSelection: AnyPublisher<Int, Never>
        /// The id of a row whose toggle was tapped.
        public var toggleTapped: AnyPublisher<Int, Never>
        /// The id of a row whose delete action was tapped.
        public var deleteTapped: AnyPublisher<Int, Never>
        /// The event of the alert button the user pressed (``Output/alert``'s buttons).
        public var alertButtonTapped: AnyPublisher<UserListEvent, Never>

        /// Creates the input.
        public init(
            appeared: AnyPublisher<Void, Never> = Empty().eraseToAnyPublisher(),
            refreshPulled: AnyPublisher<Void, Never> = Empty().eraseToAnyPublisher(),
            lastRowsAppeared: AnyPublisher<Void, Never> = Empty().eraseToAnyPublisher(),
            retryTapped: AnyPublisher<Void, Never> = Empty().eraseToAnyPublisher(),
            searchText: AnyPublisher<String, Never> = Empty().eraseToAnyPublisher(),
            filterSelection: AnyPublisher<UserFilter, Never> = Empty().eraseToAnyPublisher(),
            userSelection: AnyPublisher<Int, Never> = Empty().eraseToAnyPublisher(),
            toggleTapped: AnyPublisher<Int, Never> = Empty().eraseToAnyPublisher(),
            deleteTapped: AnyPublisher<Int, Never> = Empty().eraseToAnyPublisher(),
            alertButtonTapped: AnyPublisher<UserListEvent, Never> = Empty().eraseToAnyPublisher()
        ) {
            self.appeared = appeared
            self.refreshPulled = refreshPulled
            self.lastRowsAppeared = lastRowsAppeared
            self.retryTapped = retryTapped
            self.searchText = searchText
            self.filterSelection = filterSelection
            self.userSelection = userSelection
            self.toggleTapped = toggleTapped
            self.deleteTapped = deleteTapped
            self.alertButtonTapped = alertButtonTapped
        }
    }

    /// What the screen shows.
    public struct Output {
        /// The rows.
        public let users: Driver<[User]>
        /// `ユーザー (有効 6543)` (``UserListState/title``), in the language the view resolves.
        public let title: Driver<LocalizedText>
        /// Whether the first page is loading with nothing to show.
        public let isLoading: Driver<Bool>
        /// Whether a further page is loading.
        public let isLoadingMore: Driver<Bool>
        /// A failed page load, offering a retry.
        public let loadFailure: Driver<ErrorPresentation?>
        /// The alert or confirmation to show now; each button carries the event the view
        /// sends back through ``Input/alertButtonTapped``.
        public let alert: Driver<Alert<UserListEvent>?>
        /// A row the user selected: the view shows its detail (a navigation, sent once per
        /// selection, never replayed).
        public let selectedUser: AnyPublisher<User, Never>
        /// Whether to show the empty state.
        public let showsEmptyState: Driver<Bool>
    }

    /// The logic, shared with the Observation binding.
    public let viewModel: UserListViewModel
    /// The subscriptions that wire the inputs to the logic, for as long as the ViewModel lives.
    public private(set) var cancellables = Set<AnyCancellable>()

    /// Creates the ViewModel; see ``UserListViewModel/init(repository:records:analytics:avatars:)``.
    public init(
        repository: any UserRepository,
        records: UserRecords,
        analytics: any AnalyticsTracker = NoAnalytics()
    ) {
        viewModel = UserListViewModel(repository: repository, records: records, analytics: analytics)
    }

    /// Feeds `input` to the logic and returns its state as drivers.
    public func transform(input: Input) -> Output {
        let events: [AnyPublisher<UserListEvent, Never>] = [
            input.refreshPulled.map { UserListEvent.refreshPulled }.eraseToAnyPublisher(),
            input.lastRowsAppeared.map { UserListEvent.lastRowsAppeared }.eraseToAnyPublisher(),
            input.retryTapped.map { UserListEvent.retryTapped }.eraseToAnyPublisher(),
            input.searchText.map(UserListEvent.searchTextChanged).eraseToAnyPublisher(),
            input.filterSelection.map(UserListEvent.filterSelected).eraseToAnyPublisher(),
            input.toggleTapped.map { UserListEvent.toggleActiveTapped(userID: $0) }.eraseToAnyPublisher(),
            input.deleteTapped.map { UserListEvent.deleteTapped(userID: $0) }.eraseToAnyPublisher(),
            input.alertButtonTapped,
        ]
        viewModel.sendEvents(from: Publishers.MergeMany(events)).store(in: &cancellables)
        input.appeared.asDriver()
            .drive { [weak viewModel] in viewModel?.appear() }
            .store(in: &cancellables)
        let store = viewModel
        return Output(
            users: store.publisher(for: \.visibleUsers).asDriver(),
            title: store.publisher(for: \.title).asDriver(),
            isLoading: store.publisher(for: \.isLoadingFirstPage).asDriver(),
            isLoadingMore: store.publisher(for: \.isLoadingMore).asDriver(),
            loadFailure: store.publisher(for: \.loadFailure).asDriver(),
            alert: store.publisher(for: \.navigation.modal).asDriver(),
            selectedUser: input.userSelection
                .compactMap { [weak viewModel] id in viewModel?.state.visibleUsers.first { $0.id == id } }
                .eraseToAnyPublisher(),
            showsEmptyState: store.publisher(for: \.showsEmptyState).asDriver()
        )
    }
}
