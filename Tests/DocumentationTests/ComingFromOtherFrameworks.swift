// The "Coming from ReactorKit, TCA or RxSwift" article's code (MVVMCore.docc), compiled and run
// (SnippetCheckTests). The ReactorKit, TCA and RxSwift versions are in the article only: those
// libraries are not dependencies of this package.

// snippet: api
import Foundation
import MVVMCore

/// The two calls the author's profile screen makes.
struct AuthorAPI: Sendable {
    var setFollowing: @Sendable (Bool) async throws -> Void
    var searchPosts: @Sendable (String) async throws -> [String]
}

enum AuthorAPIError: LocalizedError {
    case offline
    var errorDescription: String? { "You are offline." }
}
// snippet end

// snippet: state
@MainActor
final class AuthorViewModel: ViewModel {
    struct State: Equatable {
        var isFollowing: Bool
        var isFollowPending = false              // the Follow button is disabled meanwhile
        var query = ""
        var posts: Loadable<[String]> = .idle
        var navigation = Navigation<Never, Alert<Event>>()   // an alert, shown once
    }

    enum Event: Hashable, Sendable {
        case followTapped
        case searchTextChanged(String)
        case navigation(NavigationEvent)         // the alert's OK
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let api: AuthorAPI

    init(isFollowing: Bool, api: AuthorAPI) {
        self.store = StateStore(State(isFollowing: isFollowing))
        self.api = api
    }

    func onEvent(_ event: Event) {
        switch event {
        case .followTapped: toggleFollow()
        case .searchTextChanged(let text): search(text)
        case .navigation(let event): store.update { $0.navigation.handle(event) }
        }
    }
}
// snippet end

// snippet: follow
extension AuthorViewModel {
    private func toggleFollow() {
        guard !state.isFollowPending else { return }
        let wanted = !state.isFollowing
        let rollBack: @Sendable (inout State) -> Void = {
            $0.isFollowing = !wanted
            $0.isFollowPending = false
        }
        store.update { $0.isFollowing = wanted; $0.isFollowPending = true }   // optimistic
        store.run("follow", onCancel: rollBack) { [api, weak store] in
            do {
                try await api.setFollowing(wanted)
                store?.update { $0.isFollowPending = false }
            } catch {
                let alert = ErrorPresenter.default.presentation(for: error)
                store?.update { state in
                    rollBack(&state)
                    if let alert { state.navigation.present(Alert(alert, dismiss: .navigation(.dismiss))) }
                }
            }
        }
    }
}
// snippet end

// snippet: search
extension AuthorViewModel {
    private func search(_ text: String) {
        store.update { $0.query = text }
        store.load(\.posts, key: "search", policy: .debounce(for: .milliseconds(300))) { [api] in
            try await api.searchPosts(text)
        }
    }
}
// snippet end

// snippet: server
import MVVMCombineTesting
import Synchronization
import Testing

/// The API as the tests see it: every answer takes one second on the test clock.
final class FakeAuthorServer: Sendable {
    let clock = TestClock()
    let isOffline = Mutex(false)
    let searches = Mutex<[String]>([])         // the queries the server was asked, in order

    var api: AuthorAPI {
        AuthorAPI(
            setFollowing: { [self] _ in
                try await clock.sleep(for: .seconds(1))
                if isOffline.withLock({ $0 }) { throw AuthorAPIError.offline }
            },
            searchPosts: { [self] query in
                searches.withLock { $0.append(query) }
                try await clock.sleep(for: .seconds(1))
                return ["\(query) in Swift 6"]
            }
        )
    }
}
// snippet end

// snippet: follow-test
@Test(.timeLimit(.minutes(2))) @MainActor func aFailedFollowRollsBackAndShowsAnAlert() async {
    let server = FakeAuthorServer()
    server.isOffline.withLock { $0 = true }
    let viewModel = server.clock.perform { AuthorViewModel(isFollowing: false, api: server.api) }
    let tester = ViewModelTester(viewModel, clock: server.clock)

    tester.send(.followTapped) { $0.isFollowing = true; $0.isFollowPending = true }
    tester.send(.followTapped)                     // a second tap while the request runs: nothing
    await server.clock.advance(by: .seconds(1))
    await tester.receive {
        $0.isFollowing = false
        $0.isFollowPending = false
        $0.navigation.present(Alert(ErrorPresentation(title: CommonText.errorTitle, message: "You are offline."), dismiss: .navigation(.dismiss)))
    }
    tester.send(.navigation(.dismiss)) { $0.navigation.handle(.dismiss) }   // the user taps OK
    await tester.finish()
}
// snippet end

// snippet: search-test
@Test(.timeLimit(.minutes(2))) @MainActor func aSearchWaitsForTheTypingToStopAndDropsTheOldRequest() async {
    let server = FakeAuthorServer()
    let viewModel = server.clock.perform { AuthorViewModel(isFollowing: false, api: server.api) }
    let tester = ViewModelTester(viewModel, clock: server.clock)

    tester.send(.searchTextChanged("s")) { $0.query = "s"; $0.posts = .loading() }
    await server.clock.advance(by: .milliseconds(100))
    tester.send(.searchTextChanged("sw")) { $0.query = "sw" }
    await server.clock.advance(by: .milliseconds(300))   // 0.4 s: "sw" is asked, "s" never was
    tester.send(.searchTextChanged("swift")) { $0.query = "swift" }   // cancels the "sw" request
    await server.clock.advance(by: .milliseconds(300))   // 0.7 s: "swift" is asked
    await server.clock.advance(by: .seconds(1))          // 1.7 s: its answer; "sw"'s was due at 1.4 s
    await tester.receive { $0.posts = .loaded(["swift in Swift 6"]) }
    await tester.finish()

    #expect(server.searches.withLock { $0 } == ["sw", "swift"])
}
// snippet end

@Test(.timeLimit(.minutes(2))) @MainActor func aFollowTheServerTakesKeepsTheButtonOn() async {
    let server = FakeAuthorServer()
    let viewModel = server.clock.perform { AuthorViewModel(isFollowing: false, api: server.api) }
    let tester = ViewModelTester(viewModel, clock: server.clock)

    tester.send(.followTapped) { $0.isFollowing = true; $0.isFollowPending = true }
    await server.clock.advance(by: .seconds(1))
    await tester.receive { $0.isFollowPending = false }
    tester.send(.followTapped) { $0.isFollowing = false; $0.isFollowPending = true }   // unfollow
    await server.clock.advance(by: .seconds(1))
    await tester.receive { $0.isFollowPending = false }
    await tester.finish()
}

// snippet: leaving-test
@Test(.timeLimit(.minutes(2))) @MainActor func leavingDuringAFollowPutsTheButtonBack() async {
    let server = FakeAuthorServer()
    let viewModel = server.clock.perform { AuthorViewModel(isFollowing: false, api: server.api) }
    let tester = ViewModelTester(viewModel, clock: server.clock)

    tester.send(.followTapped) { $0.isFollowing = true; $0.isFollowPending = true }
    tester.disappear { $0.isFollowing = false; $0.isFollowPending = false }   // onCancel
    await tester.finish()
}
// snippet end

// snippet: driver
import MVVMCombine

extension AuthorViewModel {
    /// The Follow button's title, as an RxSwift-style `Driver` for views bound with Combine.
    var followButtonTitle: Driver<String> {
        publisher(for: \.isFollowing).map { $0 ? "Following" : "Follow" }.asDriver()
    }
}
// snippet end

@Test(.timeLimit(.minutes(2))) @MainActor func theFollowButtonTitleFollowsTheState() async {
    let server = FakeAuthorServer()
    server.isOffline.withLock { $0 = true }
    let tester = ViewModelTester(AuthorViewModel(isFollowing: false, api: server.api), clock: server.clock)
    let titles = tester.viewModel.followButtonTitle.record()

    tester.send(.followTapped) { $0.isFollowing = true; $0.isFollowPending = true }
    await server.clock.advance(by: .seconds(1))
    await tester.receive {
        $0.isFollowing = false
        $0.isFollowPending = false
        $0.navigation.present(Alert(ErrorPresentation(title: CommonText.errorTitle, message: "You are offline."), dismiss: .navigation(.dismiss)))
    }
    await tester.finish()

    titles.expectHistory(["Follow", "Following", "Follow"])
}
