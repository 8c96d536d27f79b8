// The Input/Output with Combine article's code (MVVMCombine.docc), compiled and run (SnippetCheckTests).
// snippet: import
import MVVMCombine   // instead of `import Combine`
// snippet end

import Foundation
import MVVMCombineTesting
import Testing

// snippet: viewmodel
struct Contact: Equatable, Sendable {
    let id: Int
    var name: String
}

@MainActor
final class ContactListViewModel: @MainActor TransformingViewModel {
    struct Input {
        let appeared = PassthroughSubject<Void, Never>()
        let refreshPulled = PassthroughSubject<Void, Never>()
        let searchTextChanged = CurrentValueSubject<String, Never>("")
    }

    struct Output {
        let contacts: Driver<[Contact]>
        let isLoading: Driver<Bool>
    }

    private let fetchContacts: () -> AnyPublisher<[Contact], any Error>
    private let scheduler: AnySchedulerOf<DispatchQueue>

    init(fetchContacts: @escaping () -> AnyPublisher<[Contact], any Error>,
         scheduler: AnySchedulerOf<DispatchQueue> = .main) {
        self.fetchContacts = fetchContacts
        self.scheduler = scheduler
    }
}
// snippet end

// snippet: transform
extension ContactListViewModel {
    func transform(input: Input) -> Output {
        let isLoading = CurrentValueSubject<Bool, Never>(false)
        let fetched = input.appeared.merge(with: input.refreshPulled)
            .map { [fetchContacts, scheduler] in
                fetchContacts()
                    .receive(on: scheduler)         // the answer may come on any queue
                    .handleEvents(receiveSubscription: { _ in isLoading.send(true) },
                                  receiveCompletion: { _ in isLoading.send(false) })
                    .catch { _ in Empty<[Contact], Never>() }   // a failed refresh keeps the list
            }
            .switchToLatest()                       // a refresh replaces the fetch in flight
        let query = input.searchTextChanged.prefix(1)          // the first text at once,
            .merge(with: input.searchTextChanged.dropFirst()    // later ones when typing pauses
                .debounce(for: .milliseconds(300), scheduler: scheduler))
        return Output(
            contacts: fetched.combineLatest(query) { contacts, query in
                query.isEmpty ? contacts : contacts.filter { $0.name.localizedCaseInsensitiveContains(query) }
            }.asDriver(),
            isLoading: isLoading.removeDuplicates().asDriver()
        )
    }
}
// snippet end

// snippet: view
@MainActor
final class ContactListScreen: @MainActor ViewModelBindable {
    private(set) var cancellables = Set<AnyCancellable>()
    let viewModel: ContactListViewModel
    let viewModelInput = ContactListViewModel.Input()   // the subjects the view sends through
    private(set) var rows: [String] = []                // stands in for a table view
    private(set) var isSpinnerHidden = true             // stands in for a spinner
    var title = ""                                      // stands in for the navigation title

    init(viewModel: ContactListViewModel) {
        self.viewModel = viewModel
    }

    func viewDidLoad() {
        bind()                                          // binds once: a second call does nothing
        viewModelInput.appeared.send()
    }

    func bind(to viewModel: ContactListViewModel) {
        let output = viewModel.bind(input: viewModelInput)
        output.contacts.drive { [weak self] in self?.rows = $0.map(\.name) }.store(in: &cancellables)
        output.isLoading.drive { [weak self] in self?.isSpinnerHidden = !$0 }.store(in: &cancellables)
    }
}
// snippet end

// snippet: receive-on
extension ContactListScreen {
    func showCount(of contacts: AnyPublisher<[Contact], Never>) {
        contacts
            .receive(on: DispatchQueue.main)        // the articles' way: always hops
            .sink { [weak self] in self?.title = "\($0.count) contacts" }
            .store(in: &cancellables)
    }
}
// snippet end

#if canImport(UIKit)
import UIKit
#endif

// snippet: uikit
final class ContactListViewController: UIViewController, @MainActor ViewModelBindable {
    private(set) var cancellables = Set<AnyCancellable>()
    let viewModel: ContactListViewModel
    let viewModelInput = ContactListViewModel.Input()
    private let tableView = UITableView()       // its data source reads `rows`
    private let spinner = UIActivityIndicatorView(style: .large)
    private var rows: [String] = []

    init(viewModel: ContactListViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        bind()
        viewModelInput.appeared.send()
    }

    func bind(to viewModel: ContactListViewModel) {
        let output = viewModel.bind(input: viewModelInput)
        output.contacts.drive { [weak self] in
            self?.rows = $0.map(\.name)
            self?.tableView.reloadData()
        }.store(in: &cancellables)
        output.isLoading.drive { [weak self] in self?.spinner.isHidden = !$0 }.store(in: &cancellables)
    }
}
// snippet end

/// The server behind the list: each fetch answers after a latency on the test scheduler, with
/// the contacts as they were when it was asked.
final class ContactServer {
    var contacts = [Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Bob"), Contact(id: 3, name: "Chika")]
    /// The latencies of the next fetches, in milliseconds; 100 once they run out.
    var latencies: [Int] = []
    private(set) var fetchCount = 0
    let scheduler: AnySchedulerOf<DispatchQueue>

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
        self.scheduler = scheduler
    }

    func fetch() -> AnyPublisher<[Contact], any Error> {
        fetchCount += 1
        let latency = latencies.isEmpty ? 100 : latencies.removeFirst()
        return Just(contacts).setFailureType(to: (any Error).self)
            .delay(for: .milliseconds(latency), scheduler: scheduler)
            .eraseToAnyPublisher()
    }
}

// snippet: bridge
@MainActor
final class ContactSearchScreen {
    let searchTextChanged = PassthroughSubject<String, Never>()   // stands in for a search field
    private(set) var titleText = ""                                // stands in for a label
    private var cancellables = Set<AnyCancellable>()

    func bind(to viewModel: ContactSearchViewModel) {
        viewModel.publisher(for: \.title)                          // current value, then each change
            .sink { [weak self] in self?.titleText = $0 }
            .store(in: &cancellables)

        viewModel.sendEvents(from: searchTextChanged.map(ContactSearchViewModel.Event.searchTextChanged))
            .store(in: &cancellables)
    }
}
// snippet end

/// An MVVMCore ViewModel for the bridge: the title follows the search text.
@MainActor
final class ContactSearchViewModel: ViewModel {
    struct State: Equatable {
        var title = "All contacts"
    }

    enum Event: Sendable {
        case searchTextChanged(String)
    }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    func onEvent(_ event: Event) {
        switch event {
        case .searchTextChanged(let text):
            store.update { $0.title = text.isEmpty ? "All contacts" : "Contacts matching \(text)" }
        }
    }
}

// snippet: test
@Test @MainActor func contactSearchWaitsUntilTypingPauses() {
    let scheduler = DispatchQueue.test
    let server = ContactServer(scheduler: scheduler.eraseToAnyScheduler())
    let viewModel = ContactListViewModel(fetchContacts: server.fetch, scheduler: scheduler.eraseToAnyScheduler())
    let input = ContactListViewModel.Input()
    let names = viewModel.transform(input: input).contacts.map { $0.map(\.name) }.record()

    input.appeared.send()
    scheduler.advance(by: .milliseconds(100))        // the server answers
    input.searchTextChanged.send("chi")
    scheduler.advance(by: .milliseconds(299))
    names.expectHistory([["Ann", "Bob", "Chika"]])
    scheduler.advance(by: .milliseconds(1))
    names.expectHistory([["Ann", "Bob", "Chika"], ["Chika"]])
}
// snippet end

// snippet: stale-test
@Test @MainActor func withFlatMapTheSlowFirstFetchOverwritesTheRefresh() {
    let scheduler = DispatchQueue.test
    let server = ContactServer(scheduler: scheduler.eraseToAnyScheduler())
    server.latencies = [500, 100]                      // the first fetch is slow
    let fetch = PassthroughSubject<Void, Never>()
    let refresh = PassthroughSubject<Void, Never>()
    let names = fetch.merge(with: refresh)
        .flatMap { server.fetch().catch { _ in Empty<[Contact], Never>() } }   // article 000's operator
        .map { $0.map(\.name) }
        .record()

    fetch.send()                                       // asks for the list of three
    server.contacts = [Contact(id: 1, name: "Ann")]
    refresh.send()                                     // asks for the list of one
    scheduler.advance(by: .milliseconds(500))

    names.expectHistory([["Ann"], ["Ann", "Bob", "Chika"]])   // the stale list is shown last
}

@Test @MainActor func withSwitchToLatestTheRefreshReplacesTheSlowFetch() {
    let scheduler = DispatchQueue.test
    let server = ContactServer(scheduler: scheduler.eraseToAnyScheduler())
    server.latencies = [500, 100]
    let viewModel = ContactListViewModel(fetchContacts: server.fetch, scheduler: scheduler.eraseToAnyScheduler())
    let input = ContactListViewModel.Input()
    let names = viewModel.transform(input: input).contacts.map { $0.map(\.name) }.record()

    input.appeared.send()
    server.contacts = [Contact(id: 1, name: "Ann")]
    input.refreshPulled.send()
    scheduler.advance(by: .milliseconds(500))

    names.expectHistory([["Ann"]])                     // the slow answer was cancelled
}
// snippet end

@MainActor
struct InputOutputWithCombineTests {
    @Test func theScreenShowsTheSpinnerThenTheContactsAndBindsOnce() {
        let scheduler = DispatchQueue.test
        let server = ContactServer(scheduler: scheduler.eraseToAnyScheduler())
        let screen = ContactListScreen(viewModel: ContactListViewModel(
            fetchContacts: server.fetch, scheduler: scheduler.eraseToAnyScheduler()))

        screen.viewDidLoad()
        #expect(!screen.isSpinnerHidden)
        #expect(screen.rows == [])

        scheduler.advance(by: .milliseconds(100))
        #expect(screen.isSpinnerHidden)
        #expect(screen.rows == ["Ann", "Bob", "Chika"])

        #expect(!screen.bind())                      // already bound: nothing subscribes twice
        #expect(screen.cancellables.count == 2)
        #expect(server.fetchCount == 1)
    }

    @Test func theViewControllerBindsOnceWhenItsViewLoads() {
        let scheduler = DispatchQueue.test
        let server = ContactServer(scheduler: scheduler.eraseToAnyScheduler())
        let controller = ContactListViewController(viewModel: ContactListViewModel(
            fetchContacts: server.fetch, scheduler: scheduler.eraseToAnyScheduler()))

        controller.viewDidLoad()
        scheduler.advance(by: .milliseconds(100))
        #expect(controller.isBound)
        #expect(!controller.bind())                  // a second bind does nothing
        #expect(controller.cancellables.count == 2)
        #expect(server.fetchCount == 1)
    }

    @Test func callingBindToAgainSubscribesAgainWhereBindDoesNothing() {
        let scheduler = DispatchQueue.test
        let server = ContactServer(scheduler: scheduler.eraseToAnyScheduler())
        let screen = ContactListScreen(viewModel: ContactListViewModel(
            fetchContacts: server.fetch, scheduler: scheduler.eraseToAnyScheduler()))

        #expect(screen.bind())
        #expect(!screen.bind())
        #expect(screen.cancellables.count == 2)

        screen.bind(to: screen.viewModel)            // article 004's call, a second time
        #expect(screen.cancellables.count == 4)
        screen.viewModelInput.appeared.send()
        #expect(server.fetchCount == 2)              // one tap of the input, two fetches
    }

    @Test func theSpinnerShowsOnceForARefreshThatReplacesAFetch() {
        let scheduler = DispatchQueue.test
        let server = ContactServer(scheduler: scheduler.eraseToAnyScheduler())
        let viewModel = ContactListViewModel(fetchContacts: server.fetch, scheduler: scheduler.eraseToAnyScheduler())
        let input = ContactListViewModel.Input()
        let output = viewModel.transform(input: input)
        let names = output.contacts.map { $0.map(\.name) }.record()   // the fetches run while the list is observed
        let loading = output.isLoading.record()

        input.appeared.send()
        scheduler.advance(by: .milliseconds(50))
        input.refreshPulled.send()
        scheduler.advance(by: .milliseconds(100))

        loading.expectHistory([false, true, false])
        names.expectHistory([["Ann", "Bob", "Chika"]])
        #expect(server.fetchCount == 2)
    }

    @Test func aFailedRefreshKeepsTheListAndEndsTheSpinner() {
        struct Offline: Error {}
        let scheduler = DispatchQueue.test
        let server = ContactServer(scheduler: scheduler.eraseToAnyScheduler())
        var failNext = false
        let viewModel = ContactListViewModel(fetchContacts: {
            guard failNext else { return server.fetch() }
            return Fail<[Contact], any Error>(error: Offline()).eraseToAnyPublisher()
        }, scheduler: scheduler.eraseToAnyScheduler())
        let input = ContactListViewModel.Input()
        let output = viewModel.transform(input: input)
        let names = output.contacts.map { $0.map(\.name) }.record()
        let loading = output.isLoading.record()

        input.appeared.send()
        scheduler.advance(by: .milliseconds(100))
        failNext = true
        input.refreshPulled.send()
        scheduler.advance()

        names.expectHistory([["Ann", "Bob", "Chika"]])
        loading.expectHistory([false, true, false, true, false])
    }

    @Test(.timeLimit(.minutes(2))) func anAnswerOnABackgroundQueueReachesTheScreenOnTheMainQueue() async {
        let background = DispatchQueue(label: "background")   // serial: the value before the end
        let screen = ContactListScreen(viewModel: ContactListViewModel(fetchContacts: {
            Just([Contact(id: 1, name: "Ann")]).setFailureType(to: (any Error).self)
                .receive(on: background)
                .eraseToAnyPublisher()
        }))   // the real main queue

        screen.viewDidLoad()

        await drain(background)
        #expect(screen.rows == ["Ann"] && screen.isSpinnerHidden)
    }

    @Test(.timeLimit(.minutes(2))) func receiveOnAlwaysHopsWhereADriverDeliversInTheSameTurn() async {
        let screen = ContactListScreen(viewModel: ContactListViewModel(fetchContacts: { Empty().eraseToAnyPublisher() }))
        let contacts = CurrentValueSubject<[Contact], Never>([Contact(id: 1, name: "Ann")])
        var driven: [Int] = []
        let driving = contacts.asDriver().drive { driven.append($0.count) }

        screen.showCount(of: contacts.eraseToAnyPublisher())

        #expect(driven == [1])                       // on the main queue: at once
        #expect(screen.title == "")                  // receive(on:): on the next turn
        await Task.yield()                           // the main queue's next turn
        #expect(screen.title == "1 contacts")
        driving.cancel()
    }

    @Test(.timeLimit(.minutes(2))) func receiveOnFeedsTheScreenFromABackgroundQueue() async {
        let screen = ContactListScreen(viewModel: ContactListViewModel(fetchContacts: { Empty().eraseToAnyPublisher() }))

        let background = DispatchQueue(label: "background")   // serial: the value before the end
        screen.showCount(of: Just([Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Bob")])
            .receive(on: background)
            .eraseToAnyPublisher())

        await drain(background)
        #expect(screen.title == "2 contacts")
    }

    @Test(.timeLimit(.minutes(2))) func aDriverFedFromABackgroundQueueDrivesOnTheMainQueue() async {
        var counts: [Int] = []
        let background = DispatchQueue(label: "background")   // serial: the value before the end
        let driving = Just([Contact(id: 1, name: "Ann")])
            .receive(on: background)
            .asDriver()
            .drive { contacts in
                MainActor.assertIsolated()
                counts.append(contacts.count)
            }

        await drain(background)
        #expect(counts == [1])
        driving.cancel()
    }

    @Test func theBridgeDoesNotKeepTheMVVMCoreViewModelAlive() {
        weak var released: ContactSearchViewModel?
        let screen = ContactSearchScreen()
        do {
            let viewModel = ContactSearchViewModel()
            released = viewModel
            screen.bind(to: viewModel)
        }

        #expect(released == nil)
        screen.searchTextChanged.send("an")            // goes nowhere, harmlessly
        #expect(screen.titleText == "All contacts")
    }

    @Test func theMVVMCoreViewModelsTitleFollowsTheSearchField() {
        let viewModel = ContactSearchViewModel()
        let screen = ContactSearchScreen()
        screen.bind(to: viewModel)
        #expect(screen.titleText == "All contacts")

        screen.searchTextChanged.send("an")

        #expect(viewModel.state.title == "Contacts matching an")
        #expect(screen.titleText == "Contacts matching an")
    }
}

/// Runs what `queue` (serial) was given so far, then the main queue's turn its work scheduled
/// (`receive(on: DispatchQueue.main)`, a driver's hop): no wall clock, no polling.
@MainActor
private func drain(_ queue: DispatchQueue) async {
    queue.sync {}          // the block that sent the value has run: its hop to the main queue is queued
    await Task.yield()     // the main queue runs in order: the hop ran before this resumes
}
