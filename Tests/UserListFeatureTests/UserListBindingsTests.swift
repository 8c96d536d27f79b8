import MVVMCombine
import MVVMCore
import MVVMTesting
import Testing
@testable import UserListFeature

/// The same scenarios through both bindings of the one logic: the Observation/event ViewModel
/// and the Input/Output `transform` ViewModel. Each scenario reads what the screen shows.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct UserListBindingsTests {
    enum Binding: String, CaseIterable, CustomTestStringConvertible {
        case observation, inputOutput
        var testDescription: String { rawValue }
    }

    /// A screen driven through one binding, read through it too.
    @MainActor
    final class Screen {
        let clock = TestClock()
        let repository: StubUserRepository
        let app: TestRecords
        private(set) var rows: [User] = []
        private(set) var title = ""
        private(set) var alert: Alert<UserListEvent>?
        private(set) var isEmpty = false
        private var send: (UserListEvent) -> Void = { _ in }
        private var appear: () -> Void = {}
        private var tokens: [ObservationToken] = []
        private var cancellables = Set<AnyCancellable>()
        private let subjects = (
            appeared: PassthroughSubject<Void, Never>(), lastRows: PassthroughSubject<Void, Never>(),
            search: PassthroughSubject<String, Never>(), filter: PassthroughSubject<UserFilter, Never>(),
            toggle: PassthroughSubject<Int, Never>(), alertButton: PassthroughSubject<UserListEvent, Never>()
        )
        private var keepAlive: AnyObject?

        init(_ binding: Binding, users: [User]) {
            repository = StubUserRepository(users: users, clock: clock)
            app = TestRecords(repository: repository, clock: clock)
            switch binding {
            case .observation:
                let viewModel = UserListViewModel(repository: repository, records: app.records, clock: clock)
                keepAlive = viewModel
                send = { viewModel.onEvent($0) }
                appear = { viewModel.appear() }
                tokens.append(observe { [weak self] in
                    self?.rows = viewModel.state.visibleUsers
                    self?.title = viewModel.state.title
                    self?.alert = viewModel.state.navigation.modal
                    self?.isEmpty = viewModel.state.showsEmptyState
                })
            case .inputOutput:
                let viewModel = UserListIOViewModel(repository: repository, records: app.records, clock: clock)
                keepAlive = viewModel
                let output = viewModel.transform(input: .init(
                    appeared: subjects.appeared.eraseToAnyPublisher(),
                    lastRowsAppeared: subjects.lastRows.eraseToAnyPublisher(),
                    searchText: subjects.search.eraseToAnyPublisher(),
                    filterSelection: subjects.filter.eraseToAnyPublisher(),
                    toggleTapped: subjects.toggle.eraseToAnyPublisher(),
                    alertButtonTapped: subjects.alertButton.eraseToAnyPublisher()
                ))
                output.users.drive { [weak self] in self?.rows = $0 }.store(in: &cancellables)
                output.title.drive { [weak self] in self?.title = $0 }.store(in: &cancellables)
                output.alert.drive { [weak self] in self?.alert = $0 }.store(in: &cancellables)
                output.showsEmptyState.drive { [weak self] in self?.isEmpty = $0 }.store(in: &cancellables)
                appear = { [subjects] in subjects.appeared.send() }
                send = { [subjects] event in
                    switch event {
                    case .lastRowsAppeared: subjects.lastRows.send()
                    case .searchTextChanged(let text): subjects.search.send(text)
                    case .filterSelected(let filter): subjects.filter.send(filter)
                    case .toggleActiveTapped(let id): subjects.toggle.send(id)
                    case .navigation: subjects.alertButton.send(event)   // the alert's OK
                    default: Issue.record("not wired in this test: \(event)")
                    }
                }
            }
        }

        func perform(_ event: UserListEvent) async {
            send(event)
            await settled()
        }

        func appeared() async {
            appear()
            await settled()
        }

        func advance(by duration: Duration) async {
            await clock.advance(by: .zero)
            await clock.advance(by: duration)
            await settled()
        }

        /// Lets effects and Observation's next-turn deliveries land.
        private func settled() async {
            await clock.advance(by: .zero)
            for _ in 0..<20 { await Task.yield() }
        }
    }

    static let users = sampleUsers(45)

    @Test(arguments: Binding.allCases)
    func loadingSearchingAndPaging(binding: Binding) async {
        let screen = Screen(binding, users: Self.users)
        await screen.appeared()
        #expect(screen.rows == [])
        await screen.advance(by: .milliseconds(100))
        #expect(screen.rows.map(\.id) == Array(1...20))
        #expect(screen.title == "ユーザー (30)")

        await screen.perform(.lastRowsAppeared)
        await screen.advance(by: .milliseconds(100))
        #expect(screen.rows.map(\.id) == Array(1...40))

        await screen.perform(.searchTextChanged("zoe"))
        #expect(screen.rows.map(\.id) == [4, 9, 14, 19, 24, 29, 34, 39])   // at once, from loaded rows
        await screen.advance(by: .milliseconds(300))   // the typing rests: the server is asked
        await screen.advance(by: .milliseconds(100))
        #expect(screen.rows.map(\.id) == [4, 9, 14, 19, 24, 29, 34, 39, 44])   // the server's answer

        await screen.perform(.filterSelected(.inactive))
        await screen.advance(by: .milliseconds(100))
        #expect(screen.rows.map(\.id) == [9, 24, 39])

        await screen.perform(.searchTextChanged("nobody"))
        await screen.advance(by: .milliseconds(300))
        await screen.advance(by: .milliseconds(100))
        #expect(screen.rows == [])
        #expect(screen.isEmpty)
    }

    @Test(arguments: Binding.allCases)
    func aRefusedToggleRollsBackWithOneAlert(binding: Binding) async {
        let screen = Screen(binding, users: Self.users)
        await screen.appeared()
        await screen.advance(by: .milliseconds(100))
        screen.repository.fail(.setActive, with: .unauthorized)

        await screen.perform(.toggleActiveTapped(userID: 1))
        #expect(screen.rows.first?.isActive == false)
        #expect(screen.title == "ユーザー (29)")
        #expect(await screen.repository.waitForWrites(1))
        await screen.advance(by: .milliseconds(200))

        #expect(screen.rows.first?.isActive == true)
        #expect(screen.title == "ユーザー (30)")
        #expect(screen.alert?.message == UserError.unauthorized.message)
        await screen.perform(screen.alert?.buttons.first?.event ?? .refreshPulled)   // OK
        #expect(screen.alert == nil)
    }
}

/// Not on the main actor: 100,000 rows take seconds in a debug build, and the main actor's
/// tests wait on it meanwhile.
@Suite(.timeLimit(.minutes(2)))
struct LocalSearchScaleTests {
    /// 100,000 loaded rows: the local filter gives exactly what a full scan with the same folding
    /// gives (the speed is measured in Benchmarks/, not here).
    @Test func aHundredThousandRowsFilterExactlyLikeAFullScan() {
        let search = LocalUserSearch()
        let users = sampleUsers(100_000)
        for query in ["JOSE", "yamada", "山田", "user99", "zoë", "ann lee user1@"] {
            let folded = StubUserRepository.fold(query)
            let expected = users.filter { StubUserRepository.fold("\($0.name) \($0.email)").contains(folded) }
            #expect(search.visible(users, text: query, filter: .all) == expected, "\(query)")
        }
        #expect(search.visible(users, text: "bob", filter: .inactive) == users.filter { $0.name == "Bob Smith" && !$0.isActive })
    }

    @Test func removingOneRowUpdatesTheIndexInPlace() {
        let search = LocalUserSearch()
        var users = sampleUsers(50)
        _ = search.visible(users, text: "", filter: .all)
        users.remove(at: 10)
        users.remove(at: 0)
        #expect(search.visible(users, text: "ann", filter: .all) == users.filter { $0.name == "Ann Lee" })
        users.insert(User(id: 999, name: "Ann New", email: "new@example.com", isActive: true), at: 3)
        #expect(search.visible(users, text: "ann", filter: .all) == users.filter { $0.name.hasPrefix("Ann") })
    }
}
