// The @Published user list article's code (MVVMCombine.docc), compiled and run (SnippetCheckTests).
// snippet: model
import MVVMCombine

struct Member: Equatable, Sendable {
    let id: Int
    var name: String
    var isActive: Bool
}

enum MemberStatusFilter: Equatable, Sendable {
    case all, active, inactive

    func includes(_ member: Member) -> Bool {
        switch self {
        case .all: true
        case .active: member.isActive
        case .inactive: !member.isActive
        }
    }
}
// snippet end

// snippet: plain
@MainActor
final class PlainMemberSearchViewModel: ObservableObject {
    @Published var searchText = ""
    @Published private(set) var members: [Member] = []
    @Published private(set) var isLoading = false
    private var cancellables = Set<AnyCancellable>()

    init(search: @escaping (String) -> AnyPublisher<[Member], any Error>,
         scheduler: AnySchedulerOf<DispatchQueue> = .main) {
        $searchText
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .handleEvents(receiveOutput: { [weak self] _ in self?.isLoading = true })
            .flatMap { search($0).replaceError(with: []) }     // every answer lands, when it arrives
            .receive(on: scheduler)
            .sink { [weak self] members in
                self?.members = members
                self?.isLoading = false
            }
            .store(in: &cancellables)
    }
}
// snippet end

// snippet: viewmodel
@MainActor
final class MemberSearchViewModel: ObservableObject {
    // What the view writes.
    @Published var searchText = ""
    @Published var statusFilter: MemberStatusFilter = .all
    // What the view shows.
    @Published private(set) var visibleMembers: [Member] = []
    @Published private(set) var activeCount = 0
    @Published private(set) var inactiveCount = 0
    @Published private(set) var isLoading = false
    @Published private(set) var errorMessage: String?

    @Published private var members: [Member] = []       // the answer for the latest query
    private let search: (String) -> AnyPublisher<[Member], any Error>
    private let scheduler: AnySchedulerOf<DispatchQueue>
    private var cancellables = Set<AnyCancellable>()

    init(search: @escaping (String) -> AnyPublisher<[Member], any Error>,
         scheduler: AnySchedulerOf<DispatchQueue> = .main) {
        self.search = search
        self.scheduler = scheduler
        searchAsTheUserTypes()
        deriveWhatTheViewShows()
    }
}
// snippet end

// snippet: search
extension MemberSearchViewModel {
    private func searchAsTheUserTypes() {
        $searchText
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .handleEvents(receiveOutput: { [weak self] _ in self?.isLoading = true })
            .map { [search, scheduler] query in
                search(query)
                    .receive(on: scheduler)                   // the answer may come on any queue
                    .map { Result<[Member], any Error>.success($0) }
                    .catch { Just(.failure($0)) }
            }
            .switchToLatest()                                 // a new query cancels the old answer
            .sink { [weak self] in self?.show($0) }
            .store(in: &cancellables)
    }

    private func show(_ answer: Result<[Member], any Error>) {
        isLoading = false
        switch answer {
        case .success(let members):
            self.members = members
            errorMessage = nil
        case .failure(let error):
            errorMessage = ErrorPresenter.default.presentation(for: error)?.message.resolved(in: .current)   // the list stays
        }
    }
}
// snippet end

// snippet: derived
extension MemberSearchViewModel {
    private func deriveWhatTheViewShows() {
        $members.combineLatest($statusFilter) { members, filter in members.filter(filter.includes) }
            .assign(to: &$visibleMembers)
        $members.map { $0.filter(\.isActive).count }
            .assign(to: &$activeCount)
        $members.map { $0.filter { !$0.isActive }.count }
            .assign(to: &$inactiveCount)
    }
}
// snippet end

#if canImport(UIKit)
import SwiftUI
#endif

// The list in SwiftUI, compiled against the SwiftUI stand-ins (AppleStandIns/), not run.
// snippet: swiftui
struct MemberListView: View {
    @StateObject var viewModel: MemberSearchViewModel

    var body: some View {
        List(viewModel.visibleMembers, id: \.id) { Text($0.name) }
            .searchable(text: $viewModel.searchText)
            .overlay { if viewModel.isLoading { ProgressView() } }
            .toolbar {
                Picker("Status", selection: $viewModel.statusFilter) {
                    Text("All (\(viewModel.activeCount + viewModel.inactiveCount))").tag(MemberStatusFilter.all)
                    Text("Active (\(viewModel.activeCount))").tag(MemberStatusFilter.active)
                    Text("Inactive (\(viewModel.inactiveCount))").tag(MemberStatusFilter.inactive)
                }
            }
    }
}
// snippet end

import Foundation
import MVVMCombineTesting
import Testing

/// The server's member directory: a search answers after its query's latency (100 ms unless
/// told otherwise) on the test scheduler.
final class MemberDirectory {
    static let everyone = [
        Member(id: 1, name: "Ann", isActive: true),
        Member(id: 2, name: "Hana", isActive: false),
        Member(id: 3, name: "Bob", isActive: true),
        Member(id: 4, name: "Kenta", isActive: false),
    ]

    struct Offline: PresentableError {
        var message: LocalizedText { "You are offline." }
    }

    var latencies: [String: Int] = [:]
    var isOffline = false
    private(set) var queries: [String] = []
    let scheduler: AnySchedulerOf<DispatchQueue>

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
        self.scheduler = scheduler
    }

    func search(_ query: String) -> AnyPublisher<[Member], any Error> {
        queries.append(query)
        let answer: Result<[Member], any Error> = isOffline
            ? .failure(Offline())
            : .success(Self.everyone.filter { query.isEmpty || $0.name.localizedCaseInsensitiveContains(query) })
        return answer.publisher
            .delay(for: .milliseconds(latencies[query] ?? 100), scheduler: scheduler)
            .eraseToAnyPublisher()
    }
}

// snippet: plain-test
@Test @MainActor func withFlatMapTheOldQuerysSlowAnswerReplacesTheNewOne() {
    let scheduler = DispatchQueue.test
    let directory = MemberDirectory(scheduler: scheduler.eraseToAnyScheduler())
    directory.latencies = ["an": 500]                     // "an" is slow, "ann" is not
    let viewModel = PlainMemberSearchViewModel(search: directory.search, scheduler: scheduler.eraseToAnyScheduler())
    let shown = viewModel.$members.map { $0.map(\.name) }.record()

    viewModel.searchText = "an"
    scheduler.advance(by: .milliseconds(300))             // asks for "an", which answers in 500 ms
    viewModel.searchText = "ann"
    scheduler.advance(by: .milliseconds(400))             // asks for "ann", which answers in 100 ms
    #expect(viewModel.isLoading == false)                 // the spinner is gone
    scheduler.advance(by: .milliseconds(100))             // the answer for "an" arrives

    #expect(directory.queries == ["an", "ann"])
    shown.expectHistory([[], ["Ann"], ["Ann", "Hana"]])   // the field says "ann", the list "an"
}
// snippet end

// snippet: test
@Test @MainActor func aSlowAnswerForAnOldQueryNeverReplacesTheNewOne() {
    let scheduler = DispatchQueue.test
    let directory = MemberDirectory(scheduler: scheduler.eraseToAnyScheduler())
    directory.latencies = ["an": 500]
    let viewModel = MemberSearchViewModel(search: directory.search, scheduler: scheduler.eraseToAnyScheduler())
    let shown = viewModel.$visibleMembers.map { $0.map(\.name) }.record()
    let loading = viewModel.$isLoading.removeDuplicates().record()

    viewModel.searchText = "an"
    scheduler.advance(by: .milliseconds(300))             // asks for "an", which answers in 500 ms
    viewModel.searchText = "ann"
    scheduler.advance(by: .milliseconds(400))             // asks for "ann", which answers in 100 ms
    scheduler.advance(by: .milliseconds(100))             // the answer for "an" would arrive

    #expect(directory.queries == ["an", "ann"])
    shown.expectHistory([[], ["Ann"]])
    loading.expectHistory([false, true, false])           // the spinner ends with the newest answer
}
// snippet end

@MainActor
struct MemberSearchViewModelTests {
    let scheduler = DispatchQueue.test
    let directory: MemberDirectory
    let viewModel: MemberSearchViewModel

    init() {
        directory = MemberDirectory(scheduler: scheduler.eraseToAnyScheduler())
        viewModel = MemberSearchViewModel(search: directory.search, scheduler: scheduler.eraseToAnyScheduler())
    }

    @Test func theFirstQueryIsTheEmptyOneAndLoadsEveryoneWithTheCounts() {
        let shown = viewModel.$visibleMembers.map { $0.map(\.name) }.record()
        let active = viewModel.$activeCount.record()
        let inactive = viewModel.$inactiveCount.record()

        scheduler.advance(by: .milliseconds(299))
        #expect(directory.queries == [])
        scheduler.advance(by: .milliseconds(1 + 100))

        #expect(directory.queries == [""])
        shown.expectHistory([[], ["Ann", "Hana", "Bob", "Kenta"]])
        active.expectHistory([0, 2])
        inactive.expectHistory([0, 2])
    }

    @Test func typingAsksOnceTheUserPausesAndNotAgainForTheSameText() {
        viewModel.searchText = "a"
        scheduler.advance(by: .milliseconds(100))
        viewModel.searchText = "an"
        scheduler.advance(by: .milliseconds(300))
        viewModel.searchText = "ann"
        viewModel.searchText = "an"                       // back to what was asked
        scheduler.advance(by: .milliseconds(300))

        #expect(directory.queries == ["an"])
    }

    @Test func theStatusFilterAppliesAtOnceWithoutAskingTheServer() {
        scheduler.advance(by: .milliseconds(400))
        let shown = viewModel.$visibleMembers.map { $0.map(\.name) }.record()

        viewModel.statusFilter = .inactive
        #expect(viewModel.activeCount == 2)                // the counts are the answer's, not the filter's
        viewModel.statusFilter = .active

        shown.expectHistory([["Ann", "Hana", "Bob", "Kenta"], ["Hana", "Kenta"], ["Ann", "Bob"]])
        #expect(directory.queries == [""])
    }

    @Test func aFailedSearchShowsTheMessageKeepsTheListAndEndsTheSpinner() {
        scheduler.advance(by: .milliseconds(400))
        let shown = viewModel.$visibleMembers.map { $0.map(\.name) }.record()
        let loading = viewModel.$isLoading.record()
        let message = viewModel.$errorMessage.record()

        directory.isOffline = true
        viewModel.searchText = "an"
        scheduler.advance(by: .milliseconds(400))

        shown.expectHistory([["Ann", "Hana", "Bob", "Kenta"]])
        loading.expectHistory([false, true, false])
        message.expectHistory([nil, "You are offline."])

        directory.isOffline = false
        viewModel.searchText = "ann"
        scheduler.advance(by: .milliseconds(400))
        message.expectHistory([nil, "You are offline.", nil])
        shown.expectHistory([["Ann", "Hana", "Bob", "Kenta"], ["Ann"]])
    }
}

// snippet: store
@MainActor
final class MemberSearchStoreViewModel: ViewModel {
    struct State: Equatable {
        var searchText = ""
        var statusFilter: MemberStatusFilter = .all
        var members: Loadable<[Member]> = .idle           // isLoading, errorMessage and the list

        var visibleMembers: [Member] { (members.value ?? []).filter(statusFilter.includes) }
        var activeCount: Int { (members.value ?? []).filter(\.isActive).count }
        var inactiveCount: Int { (members.value ?? []).count - activeCount }
    }

    enum Event {
        case searchTextChanged(String)
        case statusFilterSelected(MemberStatusFilter)
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let search: @Sendable (String) async throws -> [Member]

    init(search: @escaping @Sendable (String) async throws -> [Member]) {
        store = StateStore(State())
        self.search = search
    }

    func onEvent(_ event: Event) {
        switch event {
        case .searchTextChanged(let text):
            store.update { $0.searchText = text }
            store.load(\.members, key: "search", policy: .debounce(for: .milliseconds(300))) { [search] in
                try await search(text)
            }
        case .statusFilterSelected(let filter):
            store.update { $0.statusFilter = filter }
        }
    }
}
// snippet end

// snippet: store-test
@Test(.timeLimit(.minutes(2))) @MainActor func theStoreVersionShowsOnlyTheNewestAnswerToo() async {
    let clock = TestClock()
    let tester = ViewModelTester(MemberSearchStoreViewModel { query in
        try await clock.sleep(for: .milliseconds(query == "an" ? 500 : 100))
        return MemberDirectory.everyone.filter { $0.name.localizedCaseInsensitiveContains(query) }
    }, clock: clock)

    tester.send(.searchTextChanged("an")) { $0.searchText = "an"; $0.members = .loading() }
    await clock.advance(by: .milliseconds(300))              // asks for "an"
    tester.send(.searchTextChanged("ann")) { $0.searchText = "ann" }
    await clock.advance(by: .milliseconds(300 + 100))        // asks for "ann", which answers
    await tester.receive { $0.members = .loaded([Member(id: 1, name: "Ann", isActive: true)]) }
    await clock.advance(by: .milliseconds(500))              // nothing more: "an" was cancelled
    await tester.finish()
}
// snippet end

// snippet: self-cycle
@MainActor
final class SelfInPipelineCounter: ObservableObject {
    @Published var members: [Member] = []
    @Published private(set) var activeCount = 0

    init() {
        $members.map { self.countActive(in: $0) }            // `self` in a pipeline assigned to self
            .assign(to: &$activeCount)
    }

    private func countActive(in members: [Member]) -> Int {
        members.filter(\.isActive).count
    }
}

@Test @MainActor func selfInAnAssignedPipelineKeepsTheViewModelAliveForever() {
    weak var counter: SelfInPipelineCounter?
    weak var viewModel: MemberSearchViewModel?
    do {
        let scheduler = DispatchQueue.test
        let directory = MemberDirectory(scheduler: scheduler.eraseToAnyScheduler())
        let strongCounter = SelfInPipelineCounter()
        let strongViewModel = MemberSearchViewModel(search: directory.search, scheduler: scheduler.eraseToAnyScheduler())
        counter = strongCounter
        viewModel = strongViewModel
    }

    #expect(counter != nil)                                   // leaked: its pipeline holds it
    #expect(viewModel == nil)                                 // ours: gone with its last reference
}
// snippet end
