// The Dependencies article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
import Foundation

// snippet: key
import MVVMCore

/// Where a diary's entries come from.
protocol DiaryRepository: Sendable {
    func entries() async throws -> [String]
}

/// The server's diary: what an app uses unless a scope sets another.
struct RemoteDiaryRepository: DiaryRepository {
    func entries() async throws -> [String] { [] }   // an APIClient call in an app
}

enum DiaryRepositoryKey: Dependencies.Key {
    static var liveValue: any DiaryRepository { RemoteDiaryRepository() }
}

extension Dependencies {
    /// The diary's entries.
    var diary: any DiaryRepository {
        get { self[DiaryRepositoryKey.self] }
        set { self[DiaryRepositoryKey.self] = newValue }
    }
}
// snippet end

// snippet: viewmodel
@MainActor
final class DiaryViewModel: ViewModel {
    struct State: Equatable {
        var entries: Loadable<[String]> = .idle
        var openedAt: Date?
    }

    enum Event { case appeared }

    private let store = StateStore(State())   // the clock: Dependencies'
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let diary = Dependencies.current.diary
    private let now = Dependencies.current.now

    func onEvent(_ event: Event) {
        switch event {
        case .appeared:
            store.update { $0.openedAt = now() }
            store.load(\.entries, key: "entries") { [diary] in try await diary.entries() }
        }
    }
}
// snippet end

// snippet: test
import MVVMTesting
import Testing

struct StubDiary: DiaryRepository {
    func entries() async throws -> [String] { ["晴れ", "雨"] }
}

@Test(.timeLimit(.minutes(2))) @MainActor func theDiaryShowsItsEntriesAndWhenItWasOpened() async {
    let openedAt = Date(timeIntervalSince1970: 1_700_000_000)
    let viewModel = Dependencies.with {
        $0.diary = StubDiary()
        $0.now = { openedAt }
    } operation: {
        DiaryViewModel()   // no initializer takes them
    }
    let tester = ViewModelTester(viewModel)

    tester.send(.appeared) { $0.openedAt = openedAt; $0.entries = .loading() }
    await tester.receive { $0.entries = .loaded(["晴れ", "雨"]) }
    await tester.finish()
}
// snippet end
