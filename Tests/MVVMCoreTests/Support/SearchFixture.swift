import MVVMCore
import MVVMTesting

/// What a search returns: the query it answered, so that a stale answer is visible.
struct SearchResults: Equatable, Sendable {
    var query: String
    var names: [String]

    static func answer(to query: String) -> SearchResults {
        SearchResults(query: query, names: [query.uppercased()])
    }
}

struct SearchFailed: PresentableError {
    var title: LocalizedText { "Search" }
    var message: LocalizedText { "The search failed. Try again." }
    var isRetryable: Bool { true }
}

/// A search backend that answers after a latency on a test clock.
final class StubSearchRepository: Sendable {
    let clock: TestClock
    let latency: @Sendable (String) -> Duration
    let failing: @Sendable (String) -> Bool
    /// Like a server that answers anyway: a cancelled request still returns its response.
    let ignoresCancellation: Bool

    init(
        clock: TestClock,
        latency: @escaping @Sendable (String) -> Duration = { _ in .milliseconds(100) },
        failing: @escaping @Sendable (String) -> Bool = { _ in false },
        ignoresCancellation: Bool = false
    ) {
        self.clock = clock
        self.latency = latency
        self.failing = failing
        self.ignoresCancellation = ignoresCancellation
    }

    func search(_ query: String) async throws -> SearchResults {
        if ignoresCancellation {
            try? await clock.sleep(for: latency(query))
        } else {
            try await clock.sleep(for: latency(query))
        }
        if failing(query) { throw SearchFailed() }
        return .answer(to: query)
    }
}

/// A debounced, latest-wins search ViewModel: the shape of the articles' search screens.
@MainActor
final class SearchViewModel: ViewModel {
    struct State: Equatable, Sendable {
        var query = ""
        var results: Loadable<SearchResults> = .idle
    }

    enum Event {
        case searchTextChanged(String)
        case searchSubmitted(String)
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    let repository: StubSearchRepository
    private(set) var appearCount = 0
    private(set) var disappearCount = 0

    init(repository: StubSearchRepository) {
        self.repository = repository
        self.store = StateStore(State(), clock: repository.clock)
    }

    func onEvent(_ event: Event) {
        switch event {
        case .searchTextChanged(let query):
            store.update { $0.query = query }
            search(query, policy: .debounce(for: .milliseconds(300)))
        case .searchSubmitted(let query):
            store.update { $0.query = query }
            search(query, policy: .latestWins)
        }
    }

    func didAppear() { appearCount += 1 }
    func willDisappear() { disappearCount += 1 }

    private func search(_ query: String, policy: WorkPolicy) {
        store.load(\.results, key: "search", policy: policy) { [repository] in
            try await repository.search(query)
        }
    }
}
