// README's first ViewModel and its test, compiled and run (SnippetCheckTests keeps README in step).
// snippet: view-model
import MVVMCore

@MainActor
final class SearchViewModel: ViewModel {
    struct State: Equatable { var query = ""; var results: Loadable<[String]> = .idle }
    enum Event { case searchTextChanged(String) }

    private let store: StateStore<State>             // only this class writes the state
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }   // what views read and observe
    private let search: @Sendable (String) async throws -> [String]

    init(search: @escaping @Sendable (String) async throws -> [String]) {
        self.store = StateStore(State())
        self.search = search
    }

    func onEvent(_ event: Event) {
        switch event {
        case .searchTextChanged(let text):
            store.update { $0.query = text }
            store.load(\.results, key: "search", policy: .debounce(for: .milliseconds(300))) { [search] in
                try await search(text)
            }
        }
    }
}
// snippet end

// snippet: test
import MVVMTesting
import Testing

@Test(.timeLimit(.minutes(2))) @MainActor func searchesOnceTheUserStopsTyping() async {
    let clock = TestClock()
    let tester = ViewModelTester(SearchViewModel { ["\($0)!"] }, clock: clock)

    tester.send(.searchTextChanged("sw")) { $0.query = "sw"; $0.results = .loading() }
    tester.send(.searchTextChanged("swift")) { $0.query = "swift" }
    await clock.advance(by: .milliseconds(300))
    await tester.receive { $0.results = .loaded(["swift!"]) }
    await tester.finish()
}
// snippet end

// snippet: leaving
@Test(.timeLimit(.minutes(2))) @MainActor func theSearchIsCalledOffWhenTheViewLeaves() async {
    let clock = TestClock()
    let tester = ViewModelTester(SearchViewModel { ["\($0)!"] }, clock: clock)

    tester.send(.searchTextChanged("swift")) { $0.query = "swift"; $0.results = .loading() }
    tester.disappear { $0.results = .idle }   // the view left: the search is called off
    tester.appear()
    tester.send(.searchTextChanged("swift")) { $0.results = .loading() }
    await clock.advance(by: .milliseconds(300))
    await tester.receive { $0.results = .loaded(["swift!"]) }
    await tester.finish()
}
// snippet end
