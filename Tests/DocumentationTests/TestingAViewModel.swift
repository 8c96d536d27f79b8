// The walkthrough "Testing a ViewModel" (MVVMTesting.docc/TestingAViewModel.md): a to-do list
// with a stubbed repository, a test clock, navigation and an outbox, tested as exhaustive scripts.
import Foundation
import Synchronization
import MVVMCore
import MVVMData
import MVVMTesting
import Testing

// snippet: feature
struct Todo: Equatable, Sendable {
    let id: Int
    var title: String
    var isDone = false
}

/// What the screen needs from the data layer; the app's repository talks to a server.
protocol TodoRepository: Sendable {
    func todos() async throws -> [Todo]
}

/// A change the user made, saved on the device until the server has it.
enum TodoWrite: Codable, Sendable, Equatable {
    case setDone(Bool, id: Int)
}

enum TodoDestination: NavigationDestination {
    case detail(id: Int)
    var pathComponent: String { if case .detail(let id) = self { String(id) } else { "" } }
    static func destination(named component: String, after parent: Self?) -> Self? {
        parent == nil ? Int(component).map { .detail(id: $0) } : nil
    }
}

@MainActor
final class TodoListViewModel: ViewModel {
    struct State: Equatable, NavigationState {   // an alert closes itself once handled
        var todos: Loadable<[Todo]> = .idle
        var navigation = Navigation<TodoDestination, Alert<Event>>()
    }

    enum Event: Hashable, Sendable {
        case refreshPulled
        case todoTapped(id: Int)
        case doneToggled(id: Int)
        case clearDoneTapped
        case clearDoneConfirmed                  // the confirmation's Clear button
        case navigation(NavigationEvent)         // back; the confirmation's Cancel
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let repository: any TodoRepository
    private let outbox: Outbox<TodoWrite>

    init(repository: any TodoRepository, outbox: Outbox<TodoWrite>) {
        self.store = StateStore(State())
        self.repository = repository
        self.outbox = outbox
    }

    func didAppear() {
        if case .idle = state.todos { onEvent(.refreshPulled) }
    }

    func onEvent(_ event: Event) {
        switch event {
        case .refreshPulled:
            store.load(\.todos, key: "load") { [repository] in try await repository.todos() }
        case .todoTapped(let id):
            store.update { $0.navigation.push(.detail(id: id)) }
        case .doneToggled(let id):
            guard let todo = state.todos.value?.first(where: { $0.id == id }) else { return }
            store.update { state in
                state.todos = .loaded(state.todos.value!.map { $0.id == id ? Todo(id: id, title: $0.title, isDone: !todo.isDone) : $0 })
            }
            store.run("save", policy: .queue) { [outbox] in
                _ = try? await outbox.enqueue(.setDone(!todo.isDone, id: id))
            }
        case .clearDoneTapped:
            store.update { $0.navigation.present(.clearDone) }
        case .clearDoneConfirmed:
            guard state.navigation.modal?.offers(event) == true else { return }
            store.update { $0.todos = $0.todos.map { $0.filter { !$0.isDone } } }
        case .navigation(let event):
            store.update { $0.navigation.handle(event) }
        }
    }
}

extension Alert<TodoListViewModel.Event> {
    /// The question before the done to-dos go: Clear, or Cancel.
    static let clearDone = Alert(title: "Clear done", message: "Remove the done to-dos?", buttons: [
        AlertButton("Clear", role: .destructive, sends: .clearDoneConfirmed),
        AlertButton("Cancel", role: .cancel, sends: .navigation(.dismiss)),
    ])
}
// snippet end

// snippet: stub
/// Answers after `latency` on the test clock, with what the test put in `todos`.
final class StubTodoRepository: TodoRepository {
    let clock: TestClock
    let latency: Duration
    let answer: [Todo]

    init(clock: TestClock, latency: Duration = .milliseconds(50), answer: [Todo]) {
        self.clock = clock
        self.latency = latency
        self.answer = answer
    }

    func todos() async throws -> [Todo] {
        try await clock.sleep(for: latency)
        return answer
    }
}
// snippet end

// snippet: suite
/// The outbox stamps each write with the time and an id: the suite sets both.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct TestingAViewModelTests {
// snippet end
    static let milk = Todo(id: 1, title: "Buy milk")
    static let call = Todo(id: 2, title: "Call Ann")

    // snippet: script
    @Test func appearingLoadsTheTodos() async {
        let clock = TestClock()
        let repository = StubTodoRepository(clock: clock, answer: [Self.milk, Self.call])
        let outbox = Outbox<TodoWrite>(storage: InMemoryOutboxStorage(), clock: clock)
        let tester = ViewModelTester(TodoListViewModel(repository: repository, outbox: outbox), clock: clock)

        tester.appear { $0.todos = .loading() }
        await clock.advance(by: .milliseconds(49))   // the answer takes 50 ms: nothing yet
        await clock.advance(by: .milliseconds(1))
        await tester.receive(from: "load") { $0.todos = .loaded([Self.milk, Self.call]) }
        await tester.finish()
    }
    // snippet end

    // snippet: navigation
    @Test func tappingATodoOpensItsDetail() async {
        let clock = TestClock()
        let repository = StubTodoRepository(clock: clock, answer: [Self.milk])
        let outbox = Outbox<TodoWrite>(storage: InMemoryOutboxStorage(), clock: clock)
        let tester = ViewModelTester(TodoListViewModel(repository: repository, outbox: outbox), clock: clock)

        tester.send(.todoTapped(id: 1)) { $0.navigation.push(.detail(id: 1)) }
        #expect(tester.state.navigation.path == "1")   // what a deep link to it reads
        tester.send(.todoTapped(id: 1)) { $0.navigation.push(.detail(id: 1)) }   // pushed again: nothing stops the user
        await tester.finish()
    }
    // snippet end

    // snippet: alert
    @Test func clearingDoneTodosAsksFirst() async throws {
        let clock = TestClock()
        let done = Todo(id: 3, title: "Pay rent", isDone: true)
        let repository = StubTodoRepository(clock: clock, answer: [Self.milk, done])
        let outbox = Outbox<TodoWrite>(storage: InMemoryOutboxStorage(), clock: clock)
        let tester = ViewModelTester(TodoListViewModel(repository: repository, outbox: outbox), clock: clock)
        tester.appear { $0.todos = .loading() }
        await clock.advance(by: .milliseconds(50))
        await tester.receive(from: "load") { $0.todos = .loaded([Self.milk, done]) }

        tester.send(.clearDoneTapped) { $0.navigation.present(.clearDone) }
        let alert = try #require(tester.state.navigation.modal)
        #expect(alert.buttons.map(\.label) == ["Clear", "Cancel"])
        tester.send(alert.buttons[1].event) { $0.navigation.handle(.dismiss) }   // Cancel: nothing goes
        tester.send(.clearDoneTapped) { $0.navigation.present(.clearDone) }
        tester.send(alert.buttons[0].event) {                                     // Clear
            $0.navigation.handle(.dismiss)
            $0.todos = .loaded([Self.milk])
        }
        tester.send(.clearDoneConfirmed)   // a second press, the alert gone: nothing
        await tester.finish()
    }
    // snippet end

    // snippet: outbox
    @Test func aToggleShowsAtOnceAndWaitsInTheOutbox() async throws {
        let clock = TestClock()
        let repository = StubTodoRepository(clock: clock, answer: [Self.milk])
        let outbox = Outbox<TodoWrite>(storage: InMemoryOutboxStorage(), clock: clock)
        let tester = ViewModelTester(TodoListViewModel(repository: repository, outbox: outbox), clock: clock)
        tester.appear { $0.todos = .loading() }
        await clock.advance(by: .milliseconds(50))
        await tester.receive { $0.todos = .loaded([Self.milk]) }

        tester.send(.doneToggled(id: 1)) { $0.todos = .loaded([Todo(id: 1, title: "Buy milk", isDone: true)]) }
        await tester.settle()   // the "save" work ran: the write is on the device
        #expect(try await outbox.pending.map(\.write) == [.setDone(true, id: 1)])
        await tester.finish()
    }
    // snippet end

    // snippet: delivery
    @Test func aWriteTheServerRefusesOnceIsSentAgainAfterTheBackOff() async throws {
        let clock = TestClock()
        let server = FlakyTodoServer(failures: 1)
        let outbox = Outbox<TodoWrite>(storage: InMemoryOutboxStorage(), clock: clock)
        try await outbox.enqueue(.setDone(true, id: 1))
        try await clock.perform {
            async let _ = outbox.deliver(isRetryable: { _ in true }) { try server.receive($0.write) }   // ends with the body
            await clock.advance()                      // sent once: it failed, the outbox backs off
            #expect(server.received == [])
            await clock.advance(by: .seconds(1))       // the back-off ends: sent again, taken
            #expect(server.received == [.setDone(true, id: 1)])
            let pending = try await outbox.pending
            #expect(pending.isEmpty)
        }
    }
    // snippet end

    // snippet: failing
    @Test func aWrongExpectationFailsAtOnceWithADiff() async {
        var failures: [String] = []
        let clock = TestClock()
        let repository = StubTodoRepository(clock: clock, answer: [Self.milk])
        let outbox = Outbox<TodoWrite>(storage: InMemoryOutboxStorage(), clock: clock)
        let tester = ViewModelTester(
            TodoListViewModel(repository: repository, outbox: outbox), clock: clock,
            reporter: TestFailureReporter { message, _ in failures.append(message) }   // instead of failing this test
        )

        tester.appear { $0.todos = .loading() }
        await tester.receive { $0.todos = .loaded([Self.milk]) }   // forgot to advance the clock

        #expect(failures == [
            """
            Expected a state change, but the work made none. Owned work still running: "load" \
            (1 sleeping on the test clock, the first until 0.05 seconds; it reads 0.0 seconds) \
            (waiting on the test clock? advance it first).
            """,
        ])
        tester.disappear { $0.todos = .idle }
    }
    // snippet end
}

/// A server that fails its first `failures` writes, then takes them.
final class FlakyTodoServer: Sendable {
    struct Unavailable: Error {}
    private let state: Mutex<(failures: Int, received: [TodoWrite])>

    init(failures: Int) {
        state = Mutex((failures, []))
    }

    /// The writes taken, in order.
    var received: [TodoWrite] { state.withLock { $0.received } }

    func receive(_ write: TodoWrite) throws {
        try state.withLock { state in
            guard state.failures == 0 else {
                state.failures -= 1
                throw Unavailable()
            }
            state.received.append(write)
        }
    }
}
