import Foundation
import MVVMCombine
import MVVMTestSupport
import MVVMCore
import MVVMTesting
import Testing
@testable import UserListFeature

/// The same scenarios through both bindings of the one logic: the Observation/event ViewModel
/// and the Input/Output `transform` ViewModel. Each scenario reads what the screen shows.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
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
        private(set) var title: LocalizedText = ""
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
                let viewModel = clock.perform { UserListViewModel(repository: repository, records: app.records) }
                keepAlive = viewModel
                send = { viewModel.send($0) }
                appear = { viewModel.appear() }
                tokens.append(observe { [weak self] in
                    self?.rows = viewModel.state.visibleUsers
                    self?.title = viewModel.state.title
                    self?.alert = viewModel.state.navigation.modal
                    self?.isEmpty = viewModel.state.showsEmptyState
                })
            case .inputOutput:
                let viewModel = clock.perform { UserListIOViewModel(repository: repository, records: app.records) }
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
        #expect(screen.title.resolved(in: .japanese) == "ユーザー (有効 30)")

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
        screen.repository.fail(.setActive, with: .invalidData)

        await screen.perform(.toggleActiveTapped(userID: 1))
        #expect(screen.rows.first?.isActive == false)
        #expect(screen.title.resolved(in: .japanese) == "ユーザー (有効 29)")
        #expect(await screen.repository.waitForWrites(1))
        await screen.advance(by: .milliseconds(200))

        #expect(screen.rows.first?.isActive == true)
        #expect(screen.title.resolved(in: .japanese) == "ユーザー (有効 30)")
        #expect(screen.alert?.message == UserError.invalidData.message)
        await screen.perform(screen.alert?.buttons.first?.event ?? .refreshPulled)   // OK
        #expect(screen.alert == nil)
    }
}

/// Offline, a search is answered from every user the device has seen (``UserRecords``' search
/// index), by the server's rules: what the rows show is exactly what a full scan with the
/// server's folding gives, in the server's order, a page at a time.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct LocalSearchScaleTests {
    let clock = TestClock()

    /// A list whose server cannot answer pages, over records that have seen `users`.
    func offlineList(seen users: [User]) async -> (UserListViewModel, TestRecords) {
        let repository = StubUserRepository(users: users, clock: clock)
        repository.fail(.users, with: .noInternet)
        let app = TestRecords(repository: repository, delivering: false, clock: clock)
        app.records.merge(users, readAt: app.records.beginRead())
        let viewModel = clock.perform { UserListViewModel(repository: repository, records: app.records) }
        viewModel.appear()
        #expect(await advanceUntilIdle(viewModel, clock: clock))
        return (viewModel, app)
    }

    /// The users with their texts folded as the server folds them: once, off the main actor
    /// (100,000 foldings held the main actor, and every other test waiting on it, for seconds
    /// under ThreadSanitizer, once per query).
    nonisolated static func folded(_ users: [User]) async -> [(user: User, text: String)] {
        users.map { ($0, StubUserRepository.fold("\($0.name) \($0.email)")) }
    }

    /// What the server would answer for `query`: a full scan with its folding.
    static func fullScan(_ users: [(user: User, text: String)], _ query: String, _ filter: UserFilter = .all) -> [User] {
        let folded = StubUserRepository.fold(query)
        return users.filter { filter.includes($0.user) && $0.text.contains(folded) }.map(\.user)
    }

    /// 100,000 users seen: each search shows, at once and after the server failed, exactly the
    /// first page of a full scan; paging on the device goes on in the same order to the end.
    @Test func aHundredThousandSeenUsersAreSearchedExactlyLikeAFullScan() async {
        let users = sampleUsers(100_000)
        let folded = await Self.folded(users)
        let (viewModel, app) = await offlineList(seen: users)
        let pageSize = UserListViewModel.pageSize
        #expect(viewModel.state.visibleUsers == Array(users.prefix(pageSize)))
        #expect(viewModel.state.savedDataNotice != nil, "marked as the device's answer")

        for query in ["JOSE", "yamada", "山田", "user99", "zoë", "ann lee user1@"] {
            let expected = Self.fullScan(folded, query)
            viewModel.send(.searchTextChanged(query))
            #expect(viewModel.state.visibleUsers == Array(expected.prefix(pageSize)), "\(query), at once")
            #expect(await advanceUntilIdle(viewModel, clock: clock))   // the server is asked, and cannot answer
            #expect(viewModel.state.visibleUsers == Array(expected.prefix(pageSize)), "\(query), after the server failed")
            if expected.isEmpty {   // nothing on the device either: the failure, offering a retry
                #expect(viewModel.state.savedDataNotice == nil && viewModel.state.loadFailure == ErrorPresentation(UserError.noInternet))
            } else {   // the device's rows, saying why the server's are not shown
                #expect(viewModel.state.savedDataNotice?.failure == ErrorPresentation(UserError.noInternet))
            }
        }

        // "user99": 1,111 users, shown 20 more each time the last rows appear, to the end.
        let expected = Self.fullScan(folded, "user99")
        viewModel.send(.searchTextChanged("user99"))
        #expect(await advanceUntilIdle(viewModel, clock: clock))
        var pages = 1
        while viewModel.state.users.nextPage != .reachedEnd, pages < 100 {
            viewModel.send(.lastRowsAppeared)
            pages += 1
            #expect(viewModel.state.visibleUsers == Array(expected.prefix(pages * pageSize)))
        }
        #expect(viewModel.state.visibleUsers == expected)
        #expect(pages == (expected.count + pageSize - 1) / pageSize)

        viewModel.send(.searchTextChanged("bob"))
        viewModel.send(.filterSelected(.inactive))
        #expect(await advanceUntilIdle(viewModel, clock: clock))
        #expect(viewModel.state.visibleUsers == Array(Self.fullScan(folded, "bob", .inactive).prefix(pageSize)))
        withExtendedLifetime(app) {}
    }

    /// Users the server says are gone leave the device's answer, and users learnt meanwhile
    /// join it in order, while the search is shown.
    @Test func usersLearntOrGoneUpdateTheDevicesAnswerInPlace() async {
        let users = sampleUsers(50)
        let (viewModel, app) = await offlineList(seen: users)
        viewModel.send(.searchTextChanged("ann"))
        #expect(await advanceUntilIdle(viewModel, clock: clock))
        #expect(viewModel.state.visibleUsers == users.filter { $0.name == "Ann Lee" })

        let newcomer = User(id: 3, name: "Ann New", email: "new@example.com", isActive: true)   // user 3 renamed
        app.records.merge([newcomer], gone: [1, 11], readAt: app.records.beginRead())
        var expected = users.filter { $0.name == "Ann Lee" && ![1, 11].contains($0.id) }
        expected.insert(newcomer, at: 0)
        #expect(viewModel.state.visibleUsers == expected)

        app.records.merge([User(id: 999, name: "Ann Later", email: "later@example.com", isActive: false)], readAt: app.records.beginRead())
        #expect(viewModel.state.visibleUsers.map(\.id) == expected.map(\.id) + [999])
        withExtendedLifetime(app) {}
    }
}
