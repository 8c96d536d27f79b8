import MVVMCore
import MVVMTesting
import Testing

/// A child that tells its parent which number was picked.
@MainActor
private final class PickerViewModel: ViewModel {
    struct State: Equatable, Sendable {}
    enum Event { case tapped(Int) }
    enum Delegate: Equatable, Sendable { case picked(Int) }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    let delegate = DelegateOutput<Delegate>()

    func onEvent(_ event: Event) {
        switch event {
        case .tapped(let number): delegate.send(.picked(number))
        }
    }
}

/// A parent that keeps what its child picks, and empties itself a second after a tap.
@MainActor
private final class BasketViewModel: ViewModel {
    struct State: Equatable, Sendable { var numbers: [Int] = [] }
    enum Event: Equatable, Sendable { case picked(Int), emptyTapped }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    let picker = PickerViewModel()

    init(clock: TestClock) {
        store = StateStore(State(), clock: clock)
        picker.delegate.connect(to: self) { output in
            switch output { case .picked(let number): .picked(number) }
        }
    }

    func onEvent(_ event: Event) {
        switch event {
        case .picked(let number):
            store.update { $0.numbers.append(number) }
        case .emptyTapped:
            store.run("empty") { [weak store] in
                try? await store?.clock.sleep(for: .seconds(1))
                store?.update { $0.numbers = [] }
            }
        }
    }
}

/// `receive` names what caused a change: an event the ViewModel handled from its child or a
/// mailbox, or the work by its key; a change from another cause fails, saying the cause it saw.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ViewModelTesterCauseTests {
    @Test func theParentsChangeIsReceivedByTheEventItsChildsOutputBecame() async {
        let log = FailureLog()
        let clock = TestClock()
        let basket = ViewModelTester(BasketViewModel(clock: clock), clock: clock, reporter: log.reporter)
        let picker = basket.child(basket.viewModel.picker)

        picker.send(.tapped(2))
        await basket.receive(.picked(2)) { $0.numbers = [2] }
        basket.send(.emptyTapped)
        await clock.advance(by: .seconds(1))
        await basket.receive(from: "empty") { $0.numbers = [] }
        await basket.finish()

        #expect(log.messages == [])
    }

    @Test func aChangeFromAnotherCauseFailsNamingTheCauseItCameFrom() async {
        let log = FailureLog()
        let clock = TestClock()
        let basket = ViewModelTester(BasketViewModel(clock: clock), clock: clock, reporter: log.reporter)
        let picker = basket.child(basket.viewModel.picker)

        picker.send(.tapped(2))
        await basket.receive(.picked(3)) { $0.numbers = [2] }      // another event
        picker.send(.tapped(4))
        await basket.receive(from: "empty") { $0.numbers = [2, 4] }   // not work
        basket.send(.emptyTapped)
        await clock.advance(by: .seconds(1))
        await basket.receive(.picked(4)) { $0.numbers = [] }       // work, not an event
        await basket.finish()

        #expect(log.messages == [
            "Expected a state change made by handling BasketViewModel.Event.picked(3), "
                + "but the next one came from handling BasketViewModel.Event.picked(2).",
            "Expected a state change made by work \"empty\", "
                + "but the next one came from handling BasketViewModel.Event.picked(4).",
            "Expected a state change made by handling BasketViewModel.Event.picked(4), "
                + "but the next one came from work \"empty\".",
        ])
    }

    @Test func anEventPostedToTheMailboxIsTheCauseOfItsChange() async {
        let log = FailureLog()
        let clock = TestClock()
        let basket = ViewModelTester(BasketViewModel(clock: clock), clock: clock, reporter: log.reporter)
        let mailbox = basket.viewModel.mailbox()

        await Task.detached { mailbox.post(.picked(5)) }.value   // from another thread
        await basket.receive(.picked(5)) { $0.numbers = [5] }
        await basket.finish()

        #expect(log.messages == [])
    }

    @Test func aNonExhaustiveReceiveSkipsToTheFirstChangeFromTheEvent() async {
        let log = FailureLog()
        let clock = TestClock()
        let basket = ViewModelTester(BasketViewModel(clock: clock), clock: clock, reporter: log.reporter)
        basket.exhaustivity = .off
        let picker = basket.child(basket.viewModel.picker)

        picker.send(.tapped(1))
        picker.send(.tapped(2))
        await basket.receive(.picked(2)) { $0.numbers = [1, 2] }
        await basket.finish()

        #expect(log.messages == [])
        #expect(basket.skippedChanges.count == 1, "the change made by .picked(1), listed")
    }
}
