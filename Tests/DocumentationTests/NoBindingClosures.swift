// The "Observing state without a binding framework" article's code (MVVMCore.docc/NoBindingClosures.md),
// compiled and run (SnippetCheckTests keeps the article in step).
import MVVMCore
import MVVMTesting
import Testing

// snippet: plain
/// The shape of article 003: one optional closure that the view sets.
@MainActor
final class PlainInboxViewModel {
    var stateDidUpdate: (([String]) -> Void)?
    private var subjects: [String] = []

    func messageArrived(_ subject: String) {
        subjects.insert(subject, at: 0)
        stateDidUpdate?(subjects)
    }
}
// snippet end

// snippet: plain-test
@Test @MainActor func withOneClosureTheSecondViewSilencesTheFirst() {
    let viewModel = PlainInboxViewModel()
    viewModel.messageArrived("Welcome")                  // before any view is there
    var screenRows: [String] = []
    var badge = ""
    viewModel.stateDidUpdate = { screenRows = $0 }       // the inbox screen
    viewModel.stateDidUpdate = { badge = "\($0.count)" } // the tab bar's badge

    viewModel.messageArrived("Invoice")

    #expect(badge == "2")
    #expect(screenRows == [])   // the screen never showed "Welcome", and lost its closure
}
// snippet end

// snippet: view-model
@MainActor
final class InboxViewModel: ViewModel {
    struct Message: Equatable { var subject: String; var isRead = false }

    struct State: Equatable {
        var messages: [Message] = []
        /// Derived, not stored: it cannot disagree with `messages`.
        var unreadCount: Int { messages.count { !$0.isRead } }
    }

    enum Event {
        case messageArrived(String)
        case messageOpened(at: Int)
        case messageDeleted(at: Int)
    }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    func onEvent(_ event: Event) {
        switch event {
        case .messageArrived(let subject):
            store.update { $0.messages.insert(Message(subject: subject), at: 0) }
        case .messageOpened(let index):
            store.update { $0.messages[index].isRead = true }
        case .messageDeleted(let index):
            store.update { $0.messages.remove(at: index) }
        }
    }
}
// snippet end

// snippet: screen
/// The inbox screen, without a binding framework: a closure renders each state.
/// (Strings stand for labels, so that a test can read what the screen shows.)
@MainActor
final class InboxScreen {
    private(set) var title = ""
    private(set) var rows: [String] = []
    private let viewModel: InboxViewModel
    private var tokens: Set<ObservationToken> = []

    init(viewModel: InboxViewModel) { self.viewModel = viewModel }

    func viewDidLoad() {
        viewModel.subscribe { [weak self] state in self?.render(state) }
            .store(in: &tokens)
    }

    func rowTapped(_ index: Int) { viewModel.send(.messageOpened(at: index)) }

    private func render(_ state: InboxViewModel.State) {
        title = state.unreadCount == 0 ? "Inbox" : "Inbox (\(state.unreadCount))"
        rows = state.messages.map { ($0.isRead ? "  " : "● ") + $0.subject }
    }
}
// snippet end

// snippet: badge
/// The tab bar's badge: it follows one derived field, not the whole state.
@MainActor
final class InboxTabBadge {
    private(set) var shown: [String] = []   // every text it showed, oldest first
    private var token: ObservationToken?

    func bind(to viewModel: InboxViewModel) {
        token = viewModel.subscribe(\.unreadCount) { [weak self] count in
            self?.shown.append(count == 0 ? "" : "\(count)")
        }
    }
}
// snippet end

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct InboxScreenTests {
    // snippet: test
    @Test func theScreenShowsTheCurrentStateAtOnceThenEachChange() {
        let viewModel = InboxViewModel()
        viewModel.send(.messageArrived("Welcome"))   // before the screen binds
        let screen = InboxScreen(viewModel: viewModel)

        screen.viewDidLoad()
        #expect(screen.title == "Inbox (1)")
        #expect(screen.rows == ["● Welcome"])

        viewModel.send(.messageArrived("Invoice"))
        screen.rowTapped(1)
        #expect(screen.title == "Inbox (1)")
        #expect(screen.rows == ["● Invoice", "  Welcome"])
    }
    // snippet end

    // snippet: badge-test
    @Test func theBadgeShowsOnlyChangesOfTheUnreadCount() {
        let viewModel = InboxViewModel()
        let screen = InboxScreen(viewModel: viewModel)
        let badge = InboxTabBadge()
        screen.viewDidLoad()
        badge.bind(to: viewModel)                      // two observers, side by side

        viewModel.send(.messageArrived("Welcome"))
        viewModel.send(.messageArrived("Invoice"))
        screen.rowTapped(1)                            // opens "Welcome": 1 unread
        viewModel.send(.messageDeleted(at: 1))      // deletes "Welcome": still 1 unread

        #expect(badge.shown == ["", "1", "2", "1"])
        #expect(screen.rows == ["● Invoice"])
    }
    // snippet end

    // snippet: release
    @Test func releasingATokenStopsItsUpdates() {
        let viewModel = InboxViewModel()
        var tokens: Set<ObservationToken> = []
        var counts: [Int] = []
        viewModel.subscribe(\.unreadCount) { counts.append($0) }.store(in: &tokens)

        viewModel.send(.messageArrived("Welcome"))
        tokens.removeAll()
        viewModel.send(.messageArrived("Invoice"))

        #expect(counts == [0, 1])
    }
    // snippet end

    // snippet: leak
    @Test func aTokenDoesNotKeepTheViewModelAlive() async {
        let leaks = LeakTracker()
        let badge = InboxTabBadge()                    // outlives the inbox, with its token
        do {
            let viewModel = InboxViewModel()
            let screen = InboxScreen(viewModel: viewModel)
            leaks.track(viewModel, "inbox view model")
            leaks.track(screen, "inbox screen")
            screen.viewDidLoad()
            badge.bind(to: viewModel)
            viewModel.send(.messageArrived("Welcome"))
        }
        await leaks.expectAllDeallocated()
        #expect(badge.shown == ["", "1"])
    }
    // snippet end

    @Test func aScreenThatCapturesItselfStronglyIsNeverDeallocated() async {
        let failures = InboxLeakFailures()
        let leaks = LeakTracker(timeout: .milliseconds(100),
                                reporter: TestFailureReporter { message, _ in failures.messages.append(message) })
        var tokens: [ObservationToken] = []
        do {
            let viewModel = InboxViewModel()
            let screen = SelfCapturingInboxScreen(viewModel: viewModel)
            leaks.track(viewModel, "inbox view model")
            leaks.track(screen, "inbox screen")
            screen.viewDidLoad()
            tokens = Array(screen.tokens)
        }
        await leaks.expectAllDeallocated()
        #expect(leaks.aliveNames == ["inbox view model", "inbox screen"])
        #expect(failures.messages.map { $0.prefix(while: { $0 != ":" }) } == [
            "inbox view model was not deallocated", "inbox screen was not deallocated",
        ])

        tokens.forEach { $0.cancel() }                 // cancelling lets go of the closure at once
        #expect(leaks.aliveNames == [])
    }
}

/// The screen of step 2 with the mistake: its closure captures the screen strongly.
@MainActor
final class SelfCapturingInboxScreen {
    private(set) var rows: [String] = []
    private(set) var tokens: Set<ObservationToken> = []
    private let viewModel: InboxViewModel

    init(viewModel: InboxViewModel) { self.viewModel = viewModel }

    func viewDidLoad() {
        viewModel.subscribe { state in self.rows = state.messages.map(\.subject) }
            .store(in: &tokens)
    }
}

/// The failures a `LeakTracker` reported, collected instead of failing the test.
@MainActor
final class InboxLeakFailures {
    var messages: [String] = []
}
