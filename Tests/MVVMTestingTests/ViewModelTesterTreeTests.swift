import MVVMCore
import MVVMTesting
import Testing

/// A parent that opens one child screen.
@MainActor
private final class ShelfViewModel: ViewModel {
    struct State: Equatable, Sendable {
        var openChildren = 0
    }

    enum Event { case childOpened }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private(set) var child: GreetingViewModel?
    private let clock: TestClock

    init(clock: TestClock) { self.clock = clock }

    func onEvent(_ event: Event) {
        switch event {
        case .childOpened:
            child = GreetingViewModel(clock: clock)
            store.update { $0.openChildren += 1 }
        }
    }
}

/// One script over a parent and its children, exhaustive over the whole tree; and the
/// non-exhaustive mode, which checks what the script states and lists every change it skipped.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ViewModelTesterTreeTests {
    @Test func oneScriptAssertsTheParentAndItsChild() async {
        let log = FailureLog()
        let clock = TestClock()
        let shelf = ViewModelTester(ShelfViewModel(clock: clock), clock: clock, reporter: log.reporter)

        shelf.send(.childOpened) { $0.openChildren = 1 }
        let greeting = shelf.child(shelf.viewModel.child!)
        #expect(shelf.child(shelf.viewModel.child!) === greeting, "one tester per child")
        greeting.send(.nameChanged("Ann")) { $0.name = "Ann" }
        greeting.send(.greetTapped)
        await clock.advance(by: .seconds(1))
        await greeting.receive(from: "greet") { $0.greeting = "Hello, Ann!" }
        await shelf.finish()

        #expect(log.messages == [])
    }

    @Test func aChildsChangeLeftUnassertedFailsTheNextStepWithADiffNamingTheChild() async {
        let log = FailureLog()
        let clock = TestClock()
        let shelf = ViewModelTester(ShelfViewModel(clock: clock), clock: clock, reporter: log.reporter)
        shelf.send(.childOpened) { $0.openChildren = 1 }
        let greeting = shelf.child(shelf.viewModel.child!)
        greeting.send(.greetTapped)
        await clock.advance(by: .seconds(1))   // the child's greeting arrives; nobody asserts it

        shelf.send(.childOpened) { $0.openChildren = 2 }

        #expect(log.messages == [
            """
            GreetingViewModel: 1 state change(s) were not asserted before sending ShelfViewModel.Event.childOpened. \
            Assert each with receive(_:):
            From work "greet":
            (Expected: −, Actual: +)
            \u{2007} GreetingViewModel.State(
            \u{2007}   name: "",
            −   greeting: nil
            +   greeting: "Hello, !"
            \u{2007} )
            """,
        ])
    }

    @Test func nonExhaustiveChecksWhatItStatesAndListsEveryChangeItSkipped() async {
        let log = FailureLog()
        let clock = TestClock()
        let tester = ViewModelTester(GreetingViewModel(clock: clock), clock: clock, reporter: log.reporter)
        tester.exhaustivity = .off

        tester.send(.nameChanged("Ann"))                      // not stated: skipped, listed
        tester.send(.greetTapped)
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.greeting = "Hello, Ann!" }  // stated: checked
        await tester.finish()
        #expect(log.messages == [])
        #expect(tester.skippedChanges.count == 1)
        #expect(tester.skippedChanges.first?.contains(#"+   name: "Ann","#) == true, "the skipped change, as a diff")

        tester.send(.nameChanged("Bob")) { $0.name = "Eve" }  // stated wrongly: still fails
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains(#"−   name: "Eve","#) == true)
    }
}
